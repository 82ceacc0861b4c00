import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Bet } from '#domain/bets.ts';
import type { UserSummary } from '#domain/profiles.ts';
import { refereeMessages } from '#domain/bet-referee.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { bets } from '#server/db/schema/bets.ts';
import type { BetEffects } from '#server/lib/bet-effects.ts';
import { AppError } from '#server/lib/errors.ts';
import { betSnapshot, writeNotifications } from '#server/lib/notify.ts';
import { areFriends, viewersOf } from '#server/lib/visibility.ts';
import { selectBet } from './bet-view.ts';

/**
 * The referee of a one-on-one bet (ADR 061). Every transition is one conditional UPDATE on the bet row:
 * an opponent's accept and a referee's accept racing each other serialize on the row, and the second one
 * re-reads it, so the bet becomes active exactly once.
 */

type BetRow = typeof bets.$inferSelect;

/** Both friendships of the referee, as part of a statement's condition: an unfriending that commits first wins. */
const refereeIsMutualFriend = (refereeId: string) =>
  sql`exists (select 1 from friendship f where f.user_id = ${refereeId} and f.friend_id = ${bets.createdBy})
    and exists (select 1 from friendship f where f.user_id = ${refereeId} and f.friend_id = ${bets.opponentId})`;

/**
 * The status after the opponent's accept (SET expressions read the row as it was, so each side asks only
 * for the other's accept): active unless the bet still waits for its referee.
 */
export const statusAfterOpponentAccept = sql`case when not ${bets.hasReferee} or ${bets.refereeAcceptedAt} is not null then 'active' else 'pending' end`;
/** The status after the referee's accept: active if the opponent accepted already. */
const statusAfterRefereeAccept = sql`case when ${bets.opponentAcceptedAt} is not null then 'active' else 'pending' end`;

/** Refuses a referee that is not a friend of both parties (a stranger and a non-friend answer alike). */
export async function assertMayReferee(tx: Db, parties: { createdBy: string; opponentId: string }, refereeId: string) {
  if (refereeId === parties.createdBy || refereeId === parties.opponentId) {
    throw new AppError('VALIDATION_FAILED', refereeMessages.notParty);
  }
  if (!(await areFriends(tx, refereeId, parties.createdBy)) || !(await areFriends(tx, refereeId, parties.opponentId))) {
    throw new AppError('FORBIDDEN', refereeMessages.notMutualFriend);
  }
}

async function announce(db: Db, effects: BetEffects, bet: BetRow, notified: string[], extra: string[] = []) {
  const parties = [bet.createdBy, bet.opponentId, ...(bet.refereeId ? [bet.refereeId] : []), ...extra];
  await effects.publish(parties, { kind: 'bets', betId: bet.id });
  await effects.publish(await viewersOf(db, bet), { kind: 'feed', betId: bet.id });
  if (notified.length > 0) await effects.publish(notified, { kind: 'notifications' });
}

async function view(db: Db, viewerId: string, betId: string): Promise<Bet> {
  const bet = await selectBet(db, viewerId, betId);
  if (!bet) throw new AppError('NOT_FOUND', 'Bet not found.');
  return bet;
}

/** Why a referee transition matched no row: 404 to whoever may not see the bet, 403 for the wrong role, 409 for the wrong state. */
async function refuse(tx: Db, betId: string, userId: string, explain: (bet: BetRow) => AppError): Promise<never> {
  const [bet] = await tx.select().from(bets).where(eq(bets.id, betId)).limit(1);
  if (!bet) throw new AppError('NOT_FOUND', 'Bet not found.');
  const involved = bet.createdBy === userId || bet.opponentId === userId || bet.refereeId === userId;
  if (!involved && !(await areFriends(tx, userId, bet.createdBy))) throw new AppError('NOT_FOUND', 'Bet not found.');
  throw explain(bet);
}

const conflict = (message: string) => new AppError('CONFLICT', message);
const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** 'Accept Referee': the bet becomes active now if the opponent accepted already. */
export async function acceptRefereeRole(db: Db, effects: BetEffects, userId: string, betId: string): Promise<Bet> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({ refereeAcceptedAt: sql`now()`, status: sql`${statusAfterRefereeAccept}`, updatedAt: new Date() })
      .where(
        and(
          eq(bets.id, betId),
          eq(bets.refereeId, userId),
          isNull(bets.refereeAcceptedAt),
          eq(bets.status, 'pending'),
          refereeIsMutualFriend(userId),
        ),
      )
      .returning();
    if (!row) {
      return refuse(tx, betId, userId, (bet) => {
        if (bet.refereeId !== userId) return forbidden(refereeMessages.notReferee);
        if (bet.refereeAcceptedAt !== null) return conflict(refereeMessages.alreadyAccepted);
        if (bet.status !== 'pending') return conflict('This bet is no longer pending.');
        return forbidden(refereeMessages.notMutualFriend);
      });
    }
    const notified = await writeNotifications(
      tx,
      [row.createdBy, row.opponentId].map((party) => ({ userId: party, type: 'bet_referee_accepted' as const, actorId: userId, betId, data: betSnapshot(row) })),
    );
    return { row, notified };
  });
  await announce(db, effects, result.row, result.notified);
  return view(db, userId, betId);
}

/** 'Decline Referee': the bet stays pending without a referee until the creator picks another or removes the role. */
export async function declineRefereeRole(db: Db, effects: BetEffects, userId: string, betId: string): Promise<void> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({ refereeId: null, updatedAt: new Date() })
      .where(and(eq(bets.id, betId), eq(bets.refereeId, userId), isNull(bets.refereeAcceptedAt), eq(bets.status, 'pending')))
      .returning();
    if (!row) {
      return refuse(tx, betId, userId, (bet) => {
        if (bet.refereeId !== userId) return forbidden(refereeMessages.notReferee);
        if (bet.refereeAcceptedAt !== null) return conflict(refereeMessages.alreadyAccepted);
        return conflict('This bet is no longer pending.');
      });
    }
    const notified = await writeNotifications(tx, [
      { userId: row.createdBy, type: 'bet_referee_declined', actorId: userId, betId, data: betSnapshot(row) },
    ]);
    return { row, notified };
  });
  // The declining referee's own screens drop the bet too.
  await announce(db, effects, result.row, result.notified, [userId]);
}

/** The creator picks a referee for a pending bet whose referee has not accepted (or declined, or there was none). */
export async function pickBetReferee(db: Db, effects: BetEffects, userId: string, betId: string, refereeId: string): Promise<Bet> {
  const result = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ refereeId: bets.refereeId })
      .from(bets)
      .where(and(eq(bets.id, betId), eq(bets.createdBy, userId)));
    const [row] = await tx
      .update(bets)
      .set({ hasReferee: true, refereeId, refereeAcceptedAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(bets.id, betId),
          eq(bets.createdBy, userId),
          eq(bets.status, 'pending'),
          isNull(bets.refereeAcceptedAt),
          sql`${refereeId} not in (${bets.createdBy}, ${bets.opponentId})`,
          refereeIsMutualFriend(refereeId),
        ),
      )
      .returning();
    if (!row) {
      return refuse(tx, betId, userId, (bet) => {
        if (bet.createdBy !== userId) return forbidden(refereeMessages.onlyCreator);
        if (bet.status !== 'pending') return conflict('This bet is no longer pending.');
        if (bet.refereeAcceptedAt !== null) return conflict(refereeMessages.refereeAlreadyAccepted);
        if (refereeId === bet.createdBy || refereeId === bet.opponentId) return new AppError('VALIDATION_FAILED', refereeMessages.notParty);
        return forbidden(refereeMessages.notMutualFriend);
      });
    }
    const notified = await writeNotifications(tx, [
      { userId: refereeId, type: 'bet_referee_asked', actorId: userId, betId, data: betSnapshot(row) },
    ]);
    return { row, notified, replaced: before?.refereeId && before.refereeId !== refereeId ? [before.refereeId] : [] };
  });
  await announce(db, effects, result.row, result.notified, result.replaced);
  return view(db, userId, betId);
}

/** The creator removes the referee role: the bet becomes active now if the opponent accepted already. */
export async function removeBetReferee(db: Db, effects: BetEffects, userId: string, betId: string): Promise<Bet> {
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select({ refereeId: bets.refereeId }).from(bets).where(and(eq(bets.id, betId), eq(bets.createdBy, userId)));
    const [row] = await tx
      .update(bets)
      .set({
        hasReferee: false,
        refereeId: null,
        refereeAcceptedAt: null,
        status: sql`${statusAfterRefereeAccept}`,
        updatedAt: new Date(),
      })
      .where(and(eq(bets.id, betId), eq(bets.createdBy, userId), eq(bets.status, 'pending'), eq(bets.hasReferee, true)))
      .returning();
    if (!row) {
      return refuse(tx, betId, userId, (bet) => {
        if (bet.createdBy !== userId) return forbidden(refereeMessages.onlyCreator);
        if (bet.status !== 'pending') return conflict('This bet is no longer pending.');
        return conflict(refereeMessages.noReferee);
      });
    }
    return { row, removed: before?.refereeId ? [before.refereeId] : [] };
  });
  await announce(db, effects, result.row, [], result.removed);
  return view(db, userId, betId);
}

/**
 * '<Name> Won': the accepted referee decides an active bet. One conditional UPDATE, like 'I Won': a void
 * confirmed at the same time deletes the row first (the decision then finds no bet) or finds it completed.
 */
export async function decideBet(db: Db, effects: BetEffects, userId: string, betId: string, winnerId: string): Promise<Bet> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({
        status: 'completed',
        winnerId,
        completedAt: sql`now()`,
        voidRequestedBy: null,
        resolvedBy: userId,
        resolution: 'won',
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(bets.id, betId),
          eq(bets.refereeId, userId),
          isNotNull(bets.refereeAcceptedAt),
          eq(bets.status, 'active'),
          isNull(bets.disputedAt),
          sql`${winnerId} in (${bets.createdBy}, ${bets.opponentId})`,
        ),
      )
      .returning();
    if (!row) {
      return refuse(tx, betId, userId, (bet) => {
        if (bet.refereeId !== userId || bet.refereeAcceptedAt === null) return forbidden(refereeMessages.notReferee);
        if (bet.status === 'completed') return conflict('This bet was already resolved.');
        if (bet.status === 'pending') return conflict('This bet has not been accepted yet.');
        if (bet.disputedAt !== null) return conflict(refereeMessages.disputed);
        return new AppError('VALIDATION_FAILED', refereeMessages.winnerNotParty);
      });
    }
    const data = { ...betSnapshot(row), winnerId };
    const notified = await writeNotifications(
      tx,
      [row.createdBy, row.opponentId].map((party) => ({ userId: party, type: 'bet_referee_decided' as const, actorId: userId, betId, data })),
    );
    return { row, notified };
  });
  await announce(db, effects, result.row, result.notified);
  return view(db, userId, betId);
}

const candidateRow = z.object({ id: z.string(), name: z.string(), username: z.string(), image: z.string().nullable() });

/** Place Bet's referee picker: the user's friends who are also the opponent's friends, by name (at most 200). */
export async function listRefereeCandidates(db: Db, userId: string, opponentId: string): Promise<UserSummary[]> {
  // Only a friend's friends: anyone else's friend list is not the user's to read.
  if (!(await areFriends(db, userId, opponentId))) throw new AppError('NOT_FOUND', 'User not found.');
  return queryRows(
    db,
    sql`select u.id, u.name, coalesce(u.display_username, u.username) as username, u.image
      from friendship mine
      join friendship theirs on theirs.user_id = ${opponentId} and theirs.friend_id = mine.friend_id
      join "user" u on u.id = mine.friend_id
      where mine.user_id = ${userId} and mine.friend_id <> ${opponentId}
      order by lower(u.name), u.id
      limit 200`,
    candidateRow,
  );
}
