import type { NotificationData, NotificationType } from '#domain/notifications.ts';

/*
 * The inbox lines a seeded world implies: every event a bet's state says
 * happened, friend requests and friendships, plus a few lines of every other
 * type (declined and voided bets, invites, challenges), so the inbox page is
 * measured on a realistic mix. Deterministic: all chance comes from `rng`.
 */

type Rng = { next(): number; chance(probability: number): boolean; uuid(): string };

type SeedBet = {
  id: string;
  createdBy: string;
  opponentId: string;
  description: string;
  amount: number;
  status: string;
  winnerId: string | null;
  voidRequestedBy: string | null;
  paymentSent: boolean;
  paymentConfirmed: boolean;
  createdAt: string;
  completedAt: string | null;
};

export type SeedNotification = {
  id: string;
  userId: string;
  type: NotificationType;
  actorId: string;
  betId: string | null;
  data: string;
  isRead: boolean;
  createdAt: string;
};

const READ_AFTER_MS = 2 * 86_400_000;

function line(
  rng: Rng,
  now: number,
  at: number,
  row: {
    userId: string;
    type: NotificationType;
    actorId: string;
    betId: string | null;
    data?: NotificationData;
  },
): SeedNotification {
  const when = Math.min(now, at);
  // Older lines have mostly been read; the last two days' mostly not.
  const isRead = now - when > READ_AFTER_MS ? rng.chance(0.95) : rng.chance(0.3);
  return {
    id: rng.uuid(),
    ...row,
    betId: row.betId,
    data: JSON.stringify(row.data ?? {}),
    isRead,
    createdAt: new Date(when).toISOString(),
  };
}

/** The lines one bet's life wrote (and, now and then, a sibling bet that was declined, voided or came from a challenge). */
export function betNotifications(
  rng: Rng,
  bet: SeedBet,
  commenters: { userId: string; createdAt: string }[],
  now: number,
) {
  const created = Date.parse(bet.createdAt);
  const snapshot = { description: bet.description, amount: bet.amount };
  const between = (from: number, to: number) => from + (to - from) * rng.next();
  const lines: SeedNotification[] = [];
  const to = (
    userId: string,
    actorId: string,
    type: NotificationType,
    at: number,
    data: NotificationData = snapshot,
    betId: string | null = bet.id,
  ) => lines.push(line(rng, now, at, { userId, actorId, type, betId, data }));

  const fromChallenge = rng.chance(0.03);
  if (fromChallenge) to(bet.createdBy, bet.opponentId, 'challenge_taken', created);
  else to(bet.opponentId, bet.createdBy, 'bet_placed', created);
  const completed = bet.completedAt ? Date.parse(bet.completedAt) : now;
  if (bet.status !== 'pending' && !fromChallenge)
    to(bet.createdBy, bet.opponentId, 'bet_accepted', between(created, completed));
  if (bet.status === 'active' && bet.voidRequestedBy) {
    const other = bet.voidRequestedBy === bet.createdBy ? bet.opponentId : bet.createdBy;
    to(other, bet.voidRequestedBy, 'void_requested', between(created, now));
  }
  if (bet.status === 'completed' && bet.winnerId) {
    const loser = bet.winnerId === bet.createdBy ? bet.opponentId : bet.createdBy;
    const resolver = rng.chance(0.5) ? bet.winnerId : loser;
    const other = resolver === bet.winnerId ? loser : bet.winnerId;
    to(other, resolver, 'bet_completed', completed, { ...snapshot, winnerId: bet.winnerId });
    const paidAt = between(completed, now);
    if (bet.paymentSent) to(bet.winnerId, loser, 'payment_marked', paidAt);
    if (bet.paymentConfirmed) to(loser, bet.winnerId, 'payment_confirmed', between(paidAt, now));
  }
  for (const comment of commenters) {
    const other = comment.userId === bet.createdBy ? bet.opponentId : bet.createdBy;
    to(other, comment.userId, 'comment_added', Date.parse(comment.createdAt));
  }
  // Bets that are gone keep their lines without a link.
  if (rng.chance(0.04))
    to(bet.createdBy, bet.opponentId, 'bet_declined', between(created, now), snapshot, null);
  if (rng.chance(0.01))
    to(bet.opponentId, bet.createdBy, 'bet_voided', between(created, now), snapshot, null);
  if (rng.chance(0.01))
    to(bet.createdBy, bet.opponentId, 'challenge_declined', between(created, now), snapshot, null);
  return lines;
}

/** A friendship's line: accepted a request, or (sometimes) came in through an invite link. */
export function friendshipNotification(rng: Rng, a: string, b: string, at: number, now: number) {
  const r = rng.next();
  const type: NotificationType =
    r < 0.05 ? 'invite_joined' : r < 0.1 ? 'invite_added' : 'friend_request_accepted';
  return line(rng, now, at, { userId: a, actorId: b, type, betId: null });
}

export function friendRequestNotification(
  rng: Rng,
  requesterId: string,
  requestedId: string,
  at: number,
  now: number,
) {
  return line(rng, now, at, {
    userId: requestedId,
    actorId: requesterId,
    type: 'friend_request_received',
    betId: null,
  });
}
