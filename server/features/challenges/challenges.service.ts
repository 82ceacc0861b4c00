import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { Bet } from '#domain/bets.ts';
import {
  CHALLENGE_TTL_DAYS,
  challengeMessages,
  challengeUrl,
  type ChallengeState,
  type ChallengeView,
  type CreateChallengeInput,
  type MyChallenge,
} from '#domain/challenges.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { bets } from '#server/db/schema/bets.ts';
import { challengeDeclines, challenges } from '#server/db/schema/challenges.ts';
import { AppError } from '#server/lib/errors.ts';
import { activateBet, finishAccept, type BetEffects } from '../bets/bets.service.ts';
import { publishFriendshipChange } from '#server/lib/friend-events.ts';
import { befriend } from '../friends/friends.service.ts';
import { assertMayBet } from '../limits/limits.service.ts';
import { betSnapshot, writeNotifications } from '#server/lib/notify.ts';

type ChallengeRow = typeof challenges.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', challengeMessages.invalid);

function newCode(): string {
  return randomBytes(16).toString('base64url');
}

export async function createChallenge(
  db: Db,
  publicUrl: string,
  userId: string,
  input: CreateChallengeInput,
): Promise<MyChallenge> {
  // An open link is a bet anyone may accept without asking again: it is placed under the creator's limits.
  const row = await db.transaction(async (tx) => {
    await assertMayBet(tx, userId, input.amount);
    const [inserted] = await tx
      .insert(challenges)
      .values({
        code: newCode(),
        creatorId: userId,
        description: input.description,
        amount: input.amount,
        expiresAt: sql`now() + make_interval(days => ${CHALLENGE_TTL_DAYS})`,
      })
      .returning();
    if (!inserted) throw new AppError('INTERNAL');
    return inserted;
  });
  return toMine(row, publicUrl);
}

function toMine(row: ChallengeRow, publicUrl: string): MyChallenge {
  return {
    code: row.code,
    url: challengeUrl(publicUrl, row.code),
    description: row.description,
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The creator's open challenges (not taken, cancelled or expired), newest first. */
export async function listMyChallenges(db: Db, publicUrl: string, userId: string): Promise<MyChallenge[]> {
  const rows = await db
    .select()
    .from(challenges)
    .where(
      and(
        eq(challenges.creatorId, userId),
        isNull(challenges.takenBy),
        isNull(challenges.cancelledAt),
        gt(challenges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(sql`${challenges.createdAt} desc`, asc(challenges.id));
  return rows.map((row) => toMine(row, publicUrl));
}

/** The state as `viewerId` sees it; the first reason that closes it wins. */
function stateOf(
  row: ChallengeRow & { isExpired: boolean },
  viewerId: string | null,
  hasDeclined: boolean,
): ChallengeState {
  if (row.takenBy !== null) return 'taken';
  if (row.cancelledAt !== null) return 'cancelled';
  if (row.isExpired) return 'expired';
  if (viewerId === row.creatorId) return 'own';
  if (hasDeclined) return 'declined';
  return 'open';
}

async function findByCode(db: Db, code: string, viewerId: string | null) {
  const declined = viewerId
    ? sql<boolean>`exists (select 1 from ${challengeDeclines} d where d.challenge_id = ${challenges.id} and d.user_id = ${viewerId})`
    : sql<boolean>`false`;
  const [row] = await db
    .select({
      challenge: challenges,
      isExpired: sql<boolean>`${challenges.expiresAt} <= now()`,
      hasDeclined: declined,
      creator: { id: users.id, name: users.name, image: users.image },
    })
    .from(challenges)
    .innerJoin(users, eq(users.id, challenges.creatorId))
    .where(eq(challenges.code, code))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    state: stateOf({ ...row.challenge, isExpired: row.isExpired }, viewerId, row.hasDeclined),
  };
}

/** The link's page: a read only, it never changes anything (a GET must not act for the visitor). */
export async function getChallenge(db: Db, code: string, viewerId: string | null): Promise<ChallengeView> {
  const found = await findByCode(db, code, viewerId);
  if (!found) throw notFound();
  return {
    code: found.challenge.code,
    creator: found.creator,
    description: found.challenge.description,
    amount: found.challenge.amount,
    expiresAt: found.challenge.expiresAt.toISOString(),
    state: found.state,
  };
}

/** Why a claim or decline matched nothing, as the right status and message. */
async function refuseChallenge(tx: Db, code: string, userId: string): Promise<never> {
  const found = await findByCode(tx, code, userId);
  if (!found) throw notFound();
  switch (found.state) {
    case 'own':
      throw new AppError('FORBIDDEN', challengeMessages.own);
    case 'open':
      // The claim lost a race that left it open again: only a rollback elsewhere can do that.
      throw new AppError('CONFLICT');
    default:
      throw new AppError('CONFLICT', challengeMessages[found.state]);
  }
}

/** The link `code` is open (not taken, cancelled or expired) and not `userId`'s own. */
function takeableBy(code: string, userId: string) {
  return and(
    eq(challenges.code, code),
    isNull(challenges.takenBy),
    isNull(challenges.cancelledAt),
    gt(challenges.expiresAt, sql`now()`),
    ne(challenges.creatorId, userId),
  );
}

/**
 * Takes a challenge: one transaction claims the row (only one taker can win
 * the conditional UPDATE), makes the two friends if they were not, creates the
 * ordinary bet and accepts it with the taker's prediction, so it ends active.
 */
export async function takeChallenge(
  db: Db,
  effects: BetEffects,
  userId: string,
  code: string,
  prediction?: string,
): Promise<Bet> {
  const taken = await db.transaction(async (tx) => {
    // The taker's break and weekly loss limit, checked only for a link they could take (else the claim explains).
    const [open] = await tx.select({ amount: challenges.amount }).from(challenges).where(takeableBy(code, userId));
    if (open) await assertMayBet(tx, userId, open.amount);
    const [claimed] = await tx
      .update(challenges)
      .set({ takenBy: userId })
      .where(
        and(
          takeableBy(code, userId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(challengeDeclines)
              .where(
                and(eq(challengeDeclines.challengeId, challenges.id), eq(challengeDeclines.userId, userId)),
              ),
          ),
        ),
      )
      .returning();
    if (!claimed) return refuseChallenge(tx, code, userId);
    const becameFriends = await befriend(tx, claimed.creatorId, userId);
    const [bet] = await tx
      .insert(bets)
      .values({
        createdBy: claimed.creatorId,
        opponentId: userId,
        description: claimed.description,
        amount: claimed.amount,
        // A challenge link is an even bet (ADR 062).
        creatorStake: claimed.amount,
        opponentStake: claimed.amount,
      })
      .returning();
    if (!bet) throw new AppError('INTERNAL');
    await tx.update(challenges).set({ betId: bet.id }).where(eq(challenges.id, claimed.id));
    const row = await activateBet(tx, userId, bet.id, prediction);
    const notified = await writeNotifications(tx, [
      {
        userId: claimed.creatorId,
        type: 'challenge_taken',
        actorId: userId,
        betId: bet.id,
        data: betSnapshot(row),
      },
    ]);
    return { row, notified, becameFriends };
  });
  if (taken.becameFriends) await publishFriendshipChange(effects, taken.row.createdBy, userId, true);
  return finishAccept(db, effects, taken.row, taken.notified);
}

/** Hides the challenge for this visitor and tells the creator; the link stays open for others. */
export async function declineChallenge(
  db: Db,
  userId: string,
  code: string,
): Promise<{ notified: string[] }> {
  return db.transaction(async (tx) => {
    const found = await findByCode(tx, code, userId);
    if (!found) throw notFound();
    if (found.state === 'declined') return { notified: [] };
    if (found.state !== 'open') return refuseChallenge(tx, code, userId);
    const inserted = await tx
      .insert(challengeDeclines)
      .values({ challengeId: found.challenge.id, userId })
      .onConflictDoNothing()
      .returning({ userId: challengeDeclines.userId });
    // A second tab's decline at the same moment: one line for the creator, not two.
    if (inserted.length === 0) return { notified: [] };
    const notified = await writeNotifications(tx, [
      {
        userId: found.challenge.creatorId,
        type: 'challenge_declined',
        actorId: userId,
        betId: null,
        data: betSnapshot(found.challenge),
      },
    ]);
    return { notified };
  });
}

/** The creator closes an open challenge; its link then says it was cancelled. */
export async function cancelChallenge(db: Db, userId: string, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(challenges)
      .set({ cancelledAt: sql`now()` })
      .where(
        and(
          eq(challenges.code, code),
          eq(challenges.creatorId, userId),
          isNull(challenges.takenBy),
          isNull(challenges.cancelledAt),
        ),
      )
      .returning({ id: challenges.id });
    if (cancelled) return;
    const [row] = await tx.select().from(challenges).where(eq(challenges.code, code)).limit(1);
    if (!row) throw notFound();
    if (row.creatorId !== userId) throw new AppError('FORBIDDEN', challengeMessages.onlyCreatorCancels);
    throw new AppError(
      'CONFLICT',
      row.takenBy !== null ? challengeMessages.taken : challengeMessages.cancelled,
    );
  });
}
