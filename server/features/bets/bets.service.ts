import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { DISPUTE_WINDOW_HOURS, type Bet, type BetSectionName, type CreateBetInput, type VoidResult } from '#domain/bets.ts';
import { encodeCursor, type Cursor, type Page } from '#domain/pagination.ts';
import type { Db } from '#server/db/client.ts';
import { bets } from '#server/db/schema/bets.ts';
import { comments } from '#server/db/schema/comments.ts';
import { AppError } from '#server/lib/errors.ts';
import { areFriends, lockPair } from '../friends/friends.service.ts';
import { assertMayBet } from '../limits/limits.service.ts';
import { viewersOf } from '#server/lib/visibility.ts';
import { betSnapshot, writeNotifications } from '#server/lib/notify.ts';
import type { BetEffects } from '#server/lib/bet-effects.ts';
import { refuse } from '#server/lib/bet-refusal.ts';
import { assertMayReferee, statusAfterOpponentAccept } from './bet-referee.service.ts';
import { pendingAnswerer } from '#server/lib/stakes.sql.ts';
import { selectBet, selectBets } from './bet-view.ts';
import { termsAsSeen } from './bet-counters.sql.ts';

export type { BetEffects } from '#server/lib/bet-effects.ts';
// The bet read model, for features that list bets (the activity inbox): reached through this service.
export { selectBets } from './bet-view.ts';

/** Bets per page of each profile section. */
const PAGE_SIZE = 20;

const isParty = (userId: string) => or(eq(bets.createdBy, userId), eq(bets.opponentId, userId));
const otherParty = (bet: { createdBy: string; opponentId: string }, userId: string) =>
  bet.createdBy === userId ? bet.opponentId : bet.createdBy;

export async function requireBet(db: Db, viewerId: string, betId: string): Promise<Bet> {
  const bet = await selectBet(db, viewerId, betId);
  if (!bet) throw new AppError('NOT_FOUND', 'Bet not found.');
  return bet;
}

/** Tells both parties (their bet lists) and everyone who sees the bet in a feed. */
export async function announce(
  db: Db,
  effects: BetEffects,
  bet: { createdBy: string; opponentId: string; id: string },
  notified: string[] = [],
) {
  await effects.publish([bet.createdBy, bet.opponentId], { kind: 'bets', betId: bet.id });
  await effects.publish(await viewersOf(db, bet), { kind: 'feed', betId: bet.id });
  if (notified.length > 0) await effects.publish(notified, { kind: 'notifications' });
}

export async function createBet(db: Db, effects: BetEffects, userId: string, input: CreateBetInput): Promise<Bet> {
  const created = await db.transaction(async (tx) => {
    // Not-a-friend and no-such-user answer alike, so ids cannot be probed.
    if (input.opponentId === userId) throw new AppError('FORBIDDEN', 'You can only bet with your friends.');
    // First, before the pair lock: every bet-making transaction takes the limit lock first, so they cannot deadlock.
    await assertMayBet(tx, userId, input.amount);
    // Held until commit, so a removal of this friendship cannot slip in before the insert.
    await lockPair(tx, userId, input.opponentId);
    if (!(await areFriends(tx, userId, input.opponentId))) {
      throw new AppError('FORBIDDEN', 'You can only bet with your friends.');
    }
    if (input.refereeId) await assertMayReferee(tx, { createdBy: userId, opponentId: input.opponentId }, input.refereeId);
    const [row] = await tx
      .insert(bets)
      .values({
        createdBy: userId,
        opponentId: input.opponentId,
        description: input.description,
        amount: input.amount,
        creatorStake: input.amount,
        opponentStake: input.opponentStake,
        resolveBy: input.resolveBy,
        hasReferee: input.refereeId !== null,
        refereeId: input.refereeId,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    const notified = await writeNotifications(tx, [
      { userId: row.opponentId, type: 'bet_placed', actorId: userId, betId: row.id, data: betSnapshot(row) },
      ...(row.refereeId ? [{ userId: row.refereeId, type: 'bet_referee_asked' as const, actorId: userId, betId: row.id, data: betSnapshot(row) }] : []),
    ]);
    return { ...row, notified };
  });
  await announce(db, effects, created, created.notified);
  return requireBet(db, userId, created.id);
}

/**
 * The profile's three sections in one statement: the first page of each. Each section's ids are one
 * array, an arm of the same bitmap scan on bet_pkey. For the user with 611 open bets the whole of
 * pending and active was 632 rows, ~3,100 buffers and 450 KB: now at most 63 rows.
 */
export async function listMyBets(db: Db, userId: string): Promise<Record<BetSectionName, Page<Bet>>> {
  const rows = await selectBets(
    db,
    userId,
    sql`${bets.id} = any(array(${sectionPageIds(userId, 'pending', undefined)}))
      or ${bets.id} = any(array(${sectionPageIds(userId, 'active', undefined)}))
      or ${bets.id} = any(array(${sectionPageIds(userId, 'past', undefined)}))`,
  );
  return {
    pending: toPage(rows.filter((bet) => bet.status === 'pending')),
    active: toPage(rows.filter((bet) => bet.status === 'active')),
    past: toPage(rows.filter((bet) => bet.status === 'completed')),
  };
}

/**
 * The ids of one page of a section (and one more, to know a next page exists), newest first. Two
 * index-ordered scans (as creator, as opponent), each stopped after a page: with `created_by = $1 or
 * opponent_id = $1` the planner walked all bets newest first (bet_created_idx) for a user with many
 * bets, 168 ms at 100k users instead of ~2. Open sections read the partial
 * bet_creator_unresolved_idx / bet_opponent_unresolved_idx: their predicate is written as the literal
 * `status <> 'completed'` for the planner to match.
 */
function sectionPageIds(userId: string, section: BetSectionName, cursor: Cursor | undefined) {
  const limit = PAGE_SIZE + 1;
  const status = section === 'past' ? sql`b.status = 'completed'` : sql`b.status <> 'completed' and b.status = ${section}`;
  const after = cursor ? sql`and (b.created_at, b.id) < (${new Date(cursor.createdAt)}, ${cursor.id}::uuid)` : sql``;
  return sql`select id from (
      (select b.id, b.created_at from bet b where b.created_by = ${userId} and ${status} ${after}
        order by b.created_at desc, b.id desc limit ${limit})
      union all
      (select b.id, b.created_at from bet b where b.opponent_id = ${userId} and ${status} ${after}
        order by b.created_at desc, b.id desc limit ${limit})
    ) mine order by created_at desc, id desc limit ${limit}`;
}

/** `rows`: the bets of {@link sectionPageIds}, newest first. */
function toPage(rows: Bet[]): Page<Bet> {
  const items = rows.slice(0, PAGE_SIZE);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

/** One section's bets, newest first, a page at a time. */
export async function listSectionBets(db: Db, userId: string, section: BetSectionName, cursor: Cursor | undefined): Promise<Page<Bet>> {
  return toPage(await selectBets(db, userId, sql`${bets.id} in (${sectionPageIds(userId, section, cursor)})`, { limit: PAGE_SIZE + 1 }));
}

/**
 * Part of the accept's own conditional statement, so an unfriending that
 * commits first can never be followed by an accept.
 */
export const stillFriends = sql`exists (select 1 from friendship f where f.user_id = ${bets.createdBy} and f.friend_id = ${bets.opponentId})`;

/**
 * A party's yes to the terms on the table, inside the caller's transaction: the opponent's accept, or the
 * creator's 'Accept Counter' (ADR 062). Pending → active, or, refereed, waiting only for the referee
 * (`opponent_accepted_at`, ADR 061): whichever of the two accepts comes second activates it. One
 * conditional statement: a counter, a decline or an unfriending that commits first leaves it no row.
 */
export async function agreeToTerms(tx: Db, userId: string, betId: string, side: 'opponent' | 'creator', seenCounters: number) {
  const [row] = await tx
    .update(bets)
    .set({ opponentAcceptedAt: sql`now()`, status: sql`${statusAfterOpponentAccept}`, updatedAt: new Date() })
    .where(
      and(
        eq(bets.id, betId),
        eq(side === 'opponent' ? bets.opponentId : bets.createdBy, userId),
        eq(bets.status, 'pending'),
        isNull(bets.opponentAcceptedAt),
        stillFriends,
        termsAsSeen(seenCounters, side),
      ),
    )
    .returning();
  return row ?? refuse(tx, betId, userId, side === 'opponent' ? 'accept' : 'acceptCounter');
}

/**
 * The opponent's accept, inside the caller's transaction, the prediction stored as the acceptance comment.
 * Refuses with the right error.
 */
export async function activateBet(tx: Db, userId: string, betId: string, prediction?: string, seenCounters = 0) {
  const row = await agreeToTerms(tx, userId, betId, 'opponent', seenCounters);
  if (prediction) {
    const [comment] = await tx.insert(comments).values({ betId, userId, text: prediction }).returning({ id: comments.id });
    await tx.update(bets).set({ acceptanceCommentId: comment?.id }).where(eq(bets.id, betId));
  }
  return row;
}

export async function acceptBet(
  db: Db,
  effects: BetEffects,
  userId: string,
  betId: string,
  prediction?: string,
  seenCounters?: number,
): Promise<Bet> {
  const accepted = await db.transaction(async (tx) => {
    // The acceptor's break and weekly loss limit on their stake; a bet that is not theirs to accept is refused below as before.
    const [offer] = await tx
      .select({ stake: bets.opponentStake })
      .from(bets)
      .where(and(eq(bets.id, betId), eq(bets.opponentId, userId), eq(bets.status, 'pending')));
    if (offer) await assertMayBet(tx, userId, offer.stake);
    const row = await activateBet(tx, userId, betId, prediction, seenCounters);
    const notified = await writeNotifications(tx, [
      { userId: row.createdBy, type: 'bet_accepted', actorId: userId, betId, data: betSnapshot(row) },
    ]);
    return { ...row, notified };
  });
  return finishAccept(db, effects, accepted, accepted.notified);
}

/** After an accept commits: realtime hints (the creator's email was queued with the change). */
export async function finishAccept(
  db: Db,
  effects: BetEffects,
  accepted: { id: string; createdBy: string; opponentId: string },
  notified: string[],
): Promise<Bet> {
  await announce(db, effects, accepted, notified);
  // The accepter is always the opponent.
  return requireBet(db, accepted.opponentId, accepted.id);
}

export async function declineBet(db: Db, effects: BetEffects, userId: string, betId: string): Promise<void> {
  const declined = await db.transaction(async (tx) => {
    // The party it waits on declines: the opponent, or the creator after the opponent's counter (ADR 062).
    const [row] = await tx
      .delete(bets)
      // pendingAnswerer is null once both agreed and the bet waits only for its referee (ADR 061).
      .where(and(eq(bets.id, betId), eq(bets.status, 'pending'), sql`${pendingAnswerer('bet')} = ${userId}`))
      .returning();
    if (!row) return refuse(tx, betId, userId, 'decline');
    // The bet is gone: the line keeps its description, without a link.
    const notified = await writeNotifications(tx, [
      { userId: otherParty(row, userId), type: 'bet_declined', actorId: userId, betId: null, data: betSnapshot(row) },
    ]);
    return { ...row, notified };
  });
  await announce(db, effects, declined, declined.notified);
}

export async function resolveBet(db: Db, effects: BetEffects, userId: string, betId: string, outcome: 'won' | 'lost'): Promise<Bet> {
  const winner =
    outcome === 'won' ? sql`${userId}` : sql`case when ${bets.createdBy} = ${userId} then ${bets.opponentId} else ${bets.createdBy} end`;
  const resolved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({
        status: 'completed',
        winnerId: winner,
        completedAt: sql`now()`,
        voidRequestedBy: null,
        resolvedBy: userId,
        resolution: outcome,
        updatedAt: new Date(),
      })
      // After a dispute only a concession ends the bet: 'I Won' is refused.
      // On a refereed bet the referee decides; after a dispute a party may still concede (ADR 061).
      .where(
        and(
          eq(bets.id, betId),
          isParty(userId),
          eq(bets.status, 'active'),
          outcome === 'won' ? isNull(bets.disputedAt) : undefined,
          outcome === 'won' ? eq(bets.hasReferee, false) : or(eq(bets.hasReferee, false), isNotNull(bets.disputedAt)),
        ),
      )
      .returning();
    if (!row?.winnerId) return refuse(tx, betId, userId, 'resolve');
    const data = { ...betSnapshot(row), winnerId: row.winnerId };
    const notified = await writeNotifications(tx, [
      { userId: otherParty(row, userId), type: 'bet_completed', actorId: userId, betId, data },
    ]);
    return { ...row, notified };
  });
  await announce(db, effects, resolved, resolved.notified);
  return requireBet(db, userId, betId);
}

/**
 * The spec's void function: the first party's call asks, the other party's
 * call confirms and deletes the bet for good.
 */
export async function requestOrConfirmVoid(db: Db, effects: BetEffects, userId: string, betId: string): Promise<VoidResult> {
  const result = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(bets)
      .where(and(eq(bets.id, betId), isParty(userId), eq(bets.status, 'active'), isNotNull(bets.voidRequestedBy), ne(bets.voidRequestedBy, userId)))
      .returning();
    if (deleted) {
      const notified = await writeNotifications(tx, [
        { userId: otherParty(deleted, userId), type: 'bet_voided', actorId: userId, betId: null, data: betSnapshot(deleted) },
      ]);
      return { row: deleted, notified, outcome: { message: 'Both of you agreed, so the bet was permanently deleted.', deleted: true } };
    }
    const [requested] = await tx
      .update(bets)
      .set({ voidRequestedBy: userId, updatedAt: new Date() })
      .where(and(eq(bets.id, betId), isParty(userId), eq(bets.status, 'active'), isNull(bets.voidRequestedBy)))
      .returning();
    if (!requested) return refuse(tx, betId, userId, 'requestVoid');
    const notified = await writeNotifications(tx, [
      { userId: otherParty(requested, userId), type: 'void_requested', actorId: userId, betId, data: betSnapshot(requested) },
    ]);
    return { row: requested, notified, outcome: { message: 'Waiting for the other party to confirm.', deleted: false } };
  });
  await announce(db, effects, result.row, result.notified);
  return result.outcome;
}

export async function cancelVoidRequest(db: Db, effects: BetEffects, userId: string, betId: string): Promise<VoidResult> {
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({ voidRequestedBy: null, updatedAt: new Date() })
      .where(and(eq(bets.id, betId), eq(bets.status, 'active'), eq(bets.voidRequestedBy, userId)))
      .returning();
    return row ?? refuse(tx, betId, userId, 'cancelVoid');
  });
  await announce(db, effects, cancelled);
  return { message: 'The void request was cancelled.', deleted: false };
}

/**
 * The named loser of an 'I Won' says it is wrong: the bet goes back to active,
 * unresolved, marked disputed. One conditional statement holds every rule
 * (their claim was 'won', not paid, within the window), so a racing Mark Paid
 * or second resolve leaves exactly one outcome.
 */
export async function disputeBet(db: Db, effects: BetEffects, userId: string, betId: string, reason: string | null): Promise<Bet> {
  const disputed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({
        status: 'active',
        winnerId: null,
        completedAt: null,
        resolvedBy: null,
        resolution: null,
        disputedAt: sql`now()`,
        disputeReason: reason,
        paymentSent: false,
        paymentConfirmed: false,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(bets.id, betId),
          isParty(userId),
          eq(bets.status, 'completed'),
          eq(bets.resolution, 'won'),
          ne(bets.resolvedBy, userId),
          // A referee's decision names a winner who is not its resolver: only the loser disputes it.
          ne(bets.winnerId, userId),
          eq(bets.paymentSent, false),
          sql`${bets.completedAt} > now() - make_interval(hours => ${DISPUTE_WINDOW_HOURS})`,
        ),
      )
      .returning();
    if (!row) return refuse(tx, betId, userId, 'dispute');
    const notified = await writeNotifications(tx, [
      { userId: otherParty(row, userId), type: 'bet_disputed', actorId: userId, betId, data: betSnapshot(row) },
    ]);
    return { ...row, notified };
  });
  await announce(db, effects, disputed, disputed.notified);
  return requireBet(db, userId, betId);
}

/** The party asked to void refuses: the request is cleared and the requester told. */
export async function keepBet(db: Db, effects: BetEffects, userId: string, betId: string): Promise<VoidResult> {
  const kept = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({ voidRequestedBy: null, updatedAt: new Date() })
      .where(and(eq(bets.id, betId), isParty(userId), eq(bets.status, 'active'), isNotNull(bets.voidRequestedBy), ne(bets.voidRequestedBy, userId)))
      .returning();
    if (!row) return refuse(tx, betId, userId, 'keepBet');
    const notified = await writeNotifications(tx, [
      { userId: otherParty(row, userId), type: 'void_kept', actorId: userId, betId, data: betSnapshot(row) },
    ]);
    return { ...row, notified };
  });
  await announce(db, effects, kept, kept.notified);
  return { message: 'The bet stays on.', deleted: false };
}

export async function markPaymentSent(db: Db, effects: BetEffects, userId: string, betId: string): Promise<Bet> {
  const marked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({ paymentSent: true, paidAt: sql`now()`, updatedAt: new Date() })
      .where(and(eq(bets.id, betId), isParty(userId), eq(bets.status, 'completed'), ne(bets.winnerId, userId), eq(bets.paymentSent, false)))
      .returning();
    if (!row?.winnerId) return refuse(tx, betId, userId, 'markPaid');
    const notified = await writeNotifications(tx, [
      { userId: row.winnerId, type: 'payment_marked', actorId: userId, betId, data: betSnapshot(row) },
    ]);
    return { ...row, notified };
  });
  await announce(db, effects, marked, marked.notified);
  return requireBet(db, userId, betId);
}

export async function confirmPayment(db: Db, effects: BetEffects, userId: string, betId: string): Promise<Bet> {
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({ paymentConfirmed: true, updatedAt: new Date() })
      .where(
        and(
          eq(bets.id, betId),
          eq(bets.status, 'completed'),
          eq(bets.winnerId, userId),
          eq(bets.paymentSent, true),
          eq(bets.paymentConfirmed, false),
          // A bet paid in a settle-up payment is confirmed with its settlement.
          isNull(bets.settlementId),
        ),
      )
      .returning();
    if (!row) return refuse(tx, betId, userId, 'confirmPayment');
    const notified = await writeNotifications(tx, [
      { userId: otherParty(row, userId), type: 'payment_confirmed', actorId: userId, betId, data: betSnapshot(row) },
    ]);
    return { ...row, notified };
  });
  await announce(db, effects, confirmed, confirmed.notified);
  return requireBet(db, userId, betId);
}
