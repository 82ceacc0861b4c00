import { eq } from 'drizzle-orm';
import { COUNTER_MAX, counterMessages } from '#domain/bet-stakes.ts';
import { reminderMessages } from '#domain/reminders.ts';
import type { Db } from '../db/client.ts';
import { bets } from '../db/schema/bets.ts';
import { AppError } from './errors.ts';
import { areFriends } from './visibility.ts';

export type BetAction =
  | 'accept'
  | 'acceptCounter'
  | 'counter'
  | 'decline'
  | 'resolve'
  | 'requestVoid'
  | 'cancelVoid'
  | 'keepBet'
  | 'dispute'
  | 'markPaid'
  | 'confirmPayment'
  | 'remind';

export const DISPUTED_ONLY_CONCEDE = "This bet was disputed, so it can only end with 'I Lost' or a void.";

type BetRow = typeof bets.$inferSelect;

export const NOT_FRIENDS_ANYMORE = 'You are no longer friends, so this bet can no longer be accepted.';

/** Why a transition's conditional statement matched no row, as the right status and message. */
function explain(bet: BetRow, userId: string, action: BetAction): AppError {
  const conflict = (message: string) => new AppError('CONFLICT', message);
  const forbidden = (message: string) => new AppError('FORBIDDEN', message);
  switch (action) {
    case 'accept':
      if (bet.opponentId !== userId) return forbidden('Only the opponent can accept or decline this bet.');
      if (bet.status !== 'pending') return conflict('This bet is no longer pending.');
      // Refereed and waiting only for its referee (ADR 061).
      if (bet.opponentAcceptedAt !== null) return conflict('You already accepted this bet.');
      // Pending and theirs: the terms changed (a counter) since they looked.
      return conflict(counterMessages.changed);
    case 'decline':
      if (bet.status !== 'pending') return conflict('This bet is no longer pending.');
      if (bet.opponentId !== userId && bet.counterCount === 0) return forbidden('Only the opponent can accept or decline this bet.');
      if (bet.opponentAcceptedAt !== null && bet.opponentId === userId) return conflict('You already accepted this bet.');
      return conflict(counterMessages.changed);
    case 'acceptCounter':
      if (bet.status !== 'pending') return conflict('This bet is no longer pending.');
      if (bet.createdBy !== userId) return forbidden('Only the creator can accept a counter.');
      return conflict(counterMessages.changed);
    case 'counter':
      if (bet.status !== 'pending') return conflict('This bet is no longer pending.');
      if (bet.counterCount >= COUNTER_MAX) return conflict(counterMessages.tooMany);
      return conflict(counterMessages.changed);
    case 'resolve':
      if (bet.status === 'completed') return conflict('This bet was already resolved.');
      if (bet.status === 'pending') return conflict('This bet has not been accepted yet.');
      if (bet.disputedAt !== null) return conflict(DISPUTED_ONLY_CONCEDE);
      if (bet.hasReferee) return forbidden('The referee decides this bet.');
      return conflict('This bet changed in the meantime. Please refresh.');
    case 'requestVoid':
      if (bet.status !== 'active') return conflict('Only active bets can be voided.');
      if (bet.voidRequestedBy === userId) return conflict('You already asked to void this bet.');
      return conflict('This bet changed in the meantime. Please refresh.');
    case 'cancelVoid':
      if (bet.status !== 'active' || bet.voidRequestedBy === null) return conflict('There is no void request to cancel.');
      return forbidden('Only the person who asked to void this bet can cancel the request.');
    case 'keepBet':
      if (bet.status !== 'active' || bet.voidRequestedBy === null) return conflict('There is no void request to answer.');
      return forbidden('You asked to void this bet: cancel the request instead.');
    case 'dispute':
      if (bet.status !== 'completed') return conflict('Only a resolved bet can be disputed.');
      if (bet.winnerId === userId) return forbidden('Only the loser can dispute this bet.');
      if (bet.resolution !== 'won' || bet.resolvedBy === userId) return conflict("A bet you lost by 'I Lost' cannot be disputed.");
      if (bet.paymentSent) return conflict('You already marked this bet as paid, so it can no longer be disputed.');
      return conflict('The 48 hours to dispute this bet have passed.');
    case 'markPaid':
      if (bet.status !== 'completed') return conflict('This bet is not resolved yet.');
      if (bet.winnerId === userId) return forbidden('Only the loser can mark the payment as sent.');
      return conflict('Payment was already marked as sent.');
    case 'confirmPayment':
      if (bet.status !== 'completed') return conflict('This bet is not resolved yet.');
      if (bet.winnerId !== userId) return forbidden('Only the winner can confirm the payment.');
      if (!bet.paymentSent) return conflict('The payment has not been marked as sent yet.');
      if (bet.settlementId !== null && !bet.paymentConfirmed) return conflict('This bet was paid in a settle-up payment: confirm that payment instead.');
      return conflict('Payment was already confirmed.');
    case 'remind':
      if (bet.status !== 'completed') return conflict(reminderMessages.notResolved);
      if (bet.winnerId !== userId) return forbidden(reminderMessages.onlyWinner);
      if (bet.paymentSent) return conflict(reminderMessages.alreadyPaid);
      // The only condition left is the shared 24-hour throttle.
      return new AppError('RATE_LIMITED', reminderMessages.throttled);
  }
}

/**
 * Throws the refusal for a transition that changed nothing: 404 when the
 * caller may not even see the bet, 403 for the wrong role, 409 for the wrong
 * state (including a race lost to another request).
 */
export async function refuse(tx: Db, betId: string, userId: string, action: BetAction): Promise<never> {
  const [bet] = await tx.select().from(bets).where(eq(bets.id, betId)).limit(1);
  if (!bet) throw new AppError('NOT_FOUND', 'Bet not found.');
  const isParty = bet.createdBy === userId || bet.opponentId === userId;
  if (!isParty) {
    // Friends of the creator see the bet in their feed; everyone else must not learn it exists.
    if (await areFriends(tx, userId, bet.createdBy)) throw new AppError('FORBIDDEN', 'Only the people in this bet can do that.');
    throw new AppError('NOT_FOUND', 'Bet not found.');
  }
  // Bets are only between friends: the accept's statement also requires the friendship.
  const answers = action === 'accept' || action === 'acceptCounter' || action === 'counter';
  if (answers && bet.status === 'pending' && !(await areFriends(tx, bet.opponentId, bet.createdBy))) {
    throw new AppError('FORBIDDEN', NOT_FRIENDS_ANYMORE);
  }
  throw explain(bet, userId, action);
}
