import { randomBytes } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import {
  alreadyFriendsText,
  INVITE_CODE_BYTES,
  INVITE_DAILY_FRIENDSHIPS,
  inviteMessages,
  invitePath,
  type InvitePage,
  type MyInvite,
} from '#domain/invites.ts';
import type { NotificationType } from '#domain/notifications.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { friendRequests, friendships } from '#server/db/schema/friends.ts';
import { inviteCodes, pendingInvites } from '#server/db/schema/invites.ts';
import { AppError } from '#server/lib/errors.ts';
import type { EventBus } from '#server/lib/events.ts';
import { consumeRateLimit, type RateLimitRule } from '#server/lib/rate-limit.ts';
import { publishFriendshipChange } from '#server/lib/friend-events.ts';
import { areFriends, lockPair } from '../friends/friends.service.ts';
import { writeNotifications } from '#server/lib/notify.ts';

/** Counted per inviter, not per code, so resetting the link does not renew the day's budget. */
const dailyFriendships: RateLimitRule = {
  name: 'invite-friendships',
  max: INVITE_DAILY_FRIENDSHIPS,
  windowMs: 24 * 60 * 60 * 1000,
  message: inviteMessages.dailyLimit,
};

function newCode(): string {
  return randomBytes(INVITE_CODE_BYTES).toString('base64url');
}

function myInvite(publicUrl: string, code: string): MyInvite {
  return { code, url: `${publicUrl}${invitePath(code)}` };
}

/** The user's code, made on first use (a 128-bit collision is not a case to handle). */
export async function getMyInvite(db: Db, userId: string, publicUrl: string): Promise<MyInvite> {
  await db
    .insert(inviteCodes)
    .values({ userId, code: newCode() })
    .onConflictDoNothing({ target: inviteCodes.userId });
  const [row] = await db
    .select({ code: inviteCodes.code })
    .from(inviteCodes)
    .where(eq(inviteCodes.userId, userId));
  if (!row) throw new Error('invite code missing after upsert');
  return myInvite(publicUrl, row.code);
}

/** A new code; the old one stops working at once. */
export async function resetMyInvite(db: Db, userId: string, publicUrl: string): Promise<MyInvite> {
  const code = newCode();
  await db
    .insert(inviteCodes)
    .values({ userId, code })
    .onConflictDoUpdate({ target: inviteCodes.userId, set: { code, createdAt: new Date() } });
  return myInvite(publicUrl, code);
}

async function findInviter(db: Db, code: string) {
  const [inviter] = await db
    .select({ id: users.id, name: users.name, image: users.image })
    .from(inviteCodes)
    .innerJoin(users, eq(users.id, inviteCodes.userId))
    .where(eq(inviteCodes.code, code))
    .limit(1);
  return inviter;
}

/** The public invite page. Reading never changes anything. */
export async function readInvite(db: Db, code: string, viewerId: string | null): Promise<InvitePage> {
  const inviter = await findInviter(db, code);
  if (!inviter) throw new AppError('NOT_FOUND', inviteMessages.invalid);
  if (!viewerId) return { inviter, relationship: 'anonymous' };
  if (viewerId === inviter.id) return { inviter, relationship: 'self' };
  return { inviter, relationship: (await areFriends(db, viewerId, inviter.id)) ? 'friend' : 'none' };
}

/**
 * Makes the two friends inside the caller's transaction, with the inviter's line
 * in the inbox. No request to accept: the link is the inviter's standing consent.
 * A pending request between them is settled as accepted.
 */
async function befriendThroughInvite(tx: Db, inviterId: string, inviteeId: string, type: NotificationType) {
  await lockPair(tx, inviterId, inviteeId);
  if (await areFriends(tx, inviterId, inviteeId)) return false;
  // Inside the transaction: a refused or rolled-back friendship spends nothing.
  const budget = await consumeRateLimit(tx, dailyFriendships, inviterId);
  if (!budget.allowed) throw new AppError('RATE_LIMITED', inviteMessages.dailyLimit);
  await tx
    .insert(friendships)
    .values([
      { userId: inviterId, friendId: inviteeId },
      { userId: inviteeId, friendId: inviterId },
    ])
    .onConflictDoNothing();
  await tx
    .update(friendRequests)
    .set({ status: 'accepted' })
    .where(
      and(
        eq(friendRequests.status, 'pending'),
        or(
          and(eq(friendRequests.requesterId, inviterId), eq(friendRequests.requestedId, inviteeId)),
          and(eq(friendRequests.requesterId, inviteeId), eq(friendRequests.requestedId, inviterId)),
        ),
      ),
    );
  await writeNotifications(tx, [{ userId: inviterId, type, actorId: inviteeId, betId: null }]);
  return true;
}

/** A signed-in user presses 'Accept Invite'. */
export async function acceptInvite(
  db: Db,
  code: string,
  userId: string,
): Promise<{ inviter: { id: string; name: string } }> {
  return db.transaction(async (tx) => {
    const inviter = await findInviter(tx, code);
    if (!inviter) throw new AppError('NOT_FOUND', inviteMessages.invalid);
    if (inviter.id === userId) throw new AppError('CONFLICT', inviteMessages.ownLink);
    const made = await befriendThroughInvite(tx, inviter.id, userId, 'invite_added');
    if (!made) throw new AppError('CONFLICT', alreadyFriendsText(inviter.name));
    return { inviter: { id: inviter.id, name: inviter.name } };
  });
}

/**
 * Keeps the code a new account signed up with. Written only when the account
 * exists (a sign-up with a taken email creates nothing and must store nothing).
 */
export async function recordPendingInvite(db: Db, userId: string, code: string): Promise<void> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!account) return;
  await db.insert(pendingInvites).values({ userId, code }).onConflictDoNothing();
}

/**
 * After the email is verified: the invite the account signed up with makes the
 * two friends. Returns who to tell, or null. A dead code or a spent daily budget
 * drops the invite; the account itself is fine either way.
 */
export async function applyPendingInvite(db: Db, userId: string): Promise<{ inviterId: string } | null> {
  try {
    return await db.transaction(async (tx) => {
      const [pending] = await tx.delete(pendingInvites).where(eq(pendingInvites.userId, userId)).returning();
      if (!pending) return null;
      const inviter = await findInviter(tx, pending.code);
      if (!inviter || inviter.id === userId) return null;
      const made = await befriendThroughInvite(tx, inviter.id, userId, 'invite_joined');
      return made ? { inviterId: inviter.id } : null;
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    await db.delete(pendingInvites).where(eq(pendingInvites.userId, userId));
    return null;
  }
}

/** After commit: both see the new friend and each other's bets; the inviter's inbox has a line. */
export async function publishInviteFriendship(
  events: EventBus,
  inviterId: string,
  inviteeId: string,
): Promise<void> {
  await publishFriendshipChange(events, inviterId, inviteeId, true);
  await events.publish([inviterId], { kind: 'notifications' });
}
