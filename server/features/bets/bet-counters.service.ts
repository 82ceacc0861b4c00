import { and, eq, lt, sql } from 'drizzle-orm';
import { COUNTER_MAX, counterMessages } from '#domain/bet-stakes.ts';
import type { Bet, CounterBetInput } from '#domain/bets.ts';
import type { Db } from '#server/db/client.ts';
import { betCounters } from '#server/db/schema/bet-counters.ts';
import { bets } from '#server/db/schema/bets.ts';
import type { BetEffects } from '#server/lib/bet-effects.ts';
import { refuse } from '#server/lib/bet-refusal.ts';
import { AppError } from '#server/lib/errors.ts';
import { betSnapshot, writeNotifications } from '#server/lib/notify.ts';
import { pendingAnswerer } from '#server/lib/stakes.sql.ts';
import { assertMayBet } from '../limits/limits.service.ts';
import { agreeToTerms, announce, requireBet, stillFriends } from './bets.service.ts';

/*
 * Counter-offers on a pending bet (ADR 062). The bet's stakes are the terms on the table and its
 * counter_count the version: each counter, 'Accept Counter' and accept names the count it saw, so a
 * counter racing an accept or a decline leaves exactly one of them done.
 */

const otherParty = (bet: { createdBy: string; opponentId: string }, userId: string) =>
  bet.createdBy === userId ? bet.opponentId : bet.createdBy;

/** 'Counter': new stakes (and a note) from the party the bet waits on; it then waits on the other. */
export async function counterBet(
  db: Db,
  effects: BetEffects,
  userId: string,
  betId: string,
  input: CounterBetInput,
): Promise<Bet> {
  const countered = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        createdBy: bets.createdBy,
        creatorStake: bets.creatorStake,
        opponentStake: bets.opponentStake,
      })
      .from(bets)
      .where(and(eq(bets.id, betId), eq(bets.status, 'pending'), sql`${pendingAnswerer('bet')} = ${userId}`));
    if (current) {
      if (current.creatorStake === input.creatorStake && current.opponentStake === input.opponentStake) {
        throw new AppError('VALIDATION_FAILED', counterMessages.sameTerms);
      }
      // A counter binds its author if the other side accepts it: their break and weekly loss limit now, on
      // what it adds to what they already risk (the creator's pending stake is already counted).
      const isCreator = current.createdBy === userId;
      const added = isCreator ? input.creatorStake - current.creatorStake : input.opponentStake;
      await assertMayBet(tx, userId, Math.max(0, added));
    }
    const [row] = await tx
      .update(bets)
      .set({
        amount: input.creatorStake,
        creatorStake: input.creatorStake,
        opponentStake: input.opponentStake,
        counterCount: sql`${bets.counterCount} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(bets.id, betId),
          eq(bets.status, 'pending'),
          sql`${pendingAnswerer('bet')} = ${userId}`,
          eq(bets.counterCount, input.seenCounters),
          lt(bets.counterCount, COUNTER_MAX),
          stillFriends,
        ),
      )
      .returning();
    if (!row) return refuse(tx, betId, userId, 'counter');
    await tx.insert(betCounters).values({
      betId,
      byId: userId,
      creatorStake: input.creatorStake,
      opponentStake: input.opponentStake,
      note: input.note,
    });
    // Like a new bet waiting on the other side: inbox, push and email (notification-preferences.ts).
    const notified = await writeNotifications(tx, [
      {
        userId: otherParty(row, userId),
        type: 'bet_countered',
        actorId: userId,
        betId,
        data: betSnapshot(row),
      },
    ]);
    return { ...row, notified };
  });
  await announce(db, effects, countered, countered.notified);
  return requireBet(db, userId, betId);
}

/**
 * 'Accept Counter': the creator takes the opponent's last counter; the bet is active at its stakes, or,
 * refereed, waits only for its referee (both parties agreed: `opponent_accepted_at`, ADR 061).
 */
export async function acceptCounter(db: Db, effects: BetEffects, userId: string, betId: string, seenCounters: number): Promise<Bet> {
  const accepted = await db.transaction(async (tx) => {
    // Their break, and the limit with the countered stake (already in their pending total).
    const [mine] = await tx
      .select({ id: bets.id })
      .from(bets)
      .where(and(eq(bets.id, betId), eq(bets.createdBy, userId)));
    if (mine) await assertMayBet(tx, userId, 0);
    const row = await agreeToTerms(tx, userId, betId, 'creator', seenCounters);
    const notified = await writeNotifications(tx, [
      { userId: row.opponentId, type: 'bet_accepted', actorId: userId, betId, data: betSnapshot(row) },
    ]);
    return { ...row, notified };
  });
  await announce(db, effects, accepted, accepted.notified);
  return requireBet(db, userId, betId);
}
