import { z } from 'zod';
import { betCountText } from './balances.ts';
import { formatStakes } from './bet-stakes.ts';
import { formatDollars } from './money.ts';
import { potInvitationLine, potOutcomeTexts } from './pot-rules.ts';
import { autoReminderSentence, reminderSentence } from './reminders.ts';

/**
 * Every line the activity inbox can show. The spec's four (bet_accepted,
 * bet_completed, payment_marked, payment_confirmed) keep their names; the
 * invite and challenge types are defined now so those features only write rows.
 */
export const notificationTypes = [
  'friend_request_received',
  'friend_request_accepted',
  'invite_joined',
  'invite_added',
  'bet_placed',
  'bet_countered',
  'challenge_taken',
  'challenge_declined',
  'bet_accepted',
  'bet_declined',
  'bet_completed',
  'void_requested',
  'bet_voided',
  'bet_disputed',
  'void_kept',
  'bet_overdue',
  'payment_marked',
  'payment_confirmed',
  'comment_added',
  'settlement_marked',
  'settlement_confirmed',
  'payment_reminder',
  'balance_reminder',
  'payment_reminder_auto',
  'pot_invited',
  'pot_referee_asked',
  'pot_cancelled',
  'pot_decided',
  'pot_payment_marked',
  'pot_payment_confirmed',
  'pot_joined',
  'pot_closed',
  'pot_referee_declined',
  'pot_disputed',
  'pot_dispute_kept',
  'pot_dispute_overturned',
  'pot_comment_added',
  'pot_not_enough',
  'bet_referee_asked',
  'bet_referee_accepted',
  'bet_referee_declined',
  'bet_referee_decided',
  'group_added',
  'group_removed',
  'group_pot_started',
  'group_payment_marked',
  'group_settle_started',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/**
 * A snapshot written with the row: a declined or voided bet is deleted, and
 * its line must still read 'declined your bet: <description>'.
 */
export const notificationDataSchema = z.object({
  description: z.string().optional(),
  amount: z.number().int().optional(),
  /** bet_completed: who won, so the line reads 'You won' or '<Name> won' per recipient. */
  winnerId: z.string().optional(),
  /** settlement_marked/confirmed, balance_reminder: how many bets the line covers (amount is their net). */
  betCount: z.number().int().optional(),
  /** The pot lines: which pot (the line links to its page); description holds its question. */
  potId: z.string().optional(),
  /**
   * A line about an uneven bet before it is resolved: the opponent's stake (amount is the creator's), so
   * the line names both, '$20 vs $10' (ADR 066). Absent on even bets and on resolved ones (amount is then the loser's).
   */
  opponentStake: z.number().int().optional(),
  /** The group lines (ADR 065): which group (its page is the link) and its name when the line was written. */
  groupId: z.string().optional(),
  groupName: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

/** The bet's stakes as a line's snapshot has them: '$20', or '$20 vs $10' for an open uneven bet. */
export function snapshotStakes(data: NotificationData): string {
  const creatorStake = data.amount ?? 0;
  return formatStakes({ creatorStake, opponentStake: data.opponentStake ?? creatorStake });
}

export const activityItemSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  actor: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }).nullable(),
  /** Null when the line is not about a bet, or the bet is gone (declined, voided). */
  betId: z.string().nullable(),
  data: notificationDataSchema,
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const ACTIVITY_PAGE_SIZE = 20;


/** The inbox's sentence for one line, as the recipient reads it. */
export function activitySentence(
  item: Pick<ActivityItem, 'type' | 'actor' | 'data'>,
  viewerId: string,
): string {
  const name = item.actor?.name ?? 'Someone';
  const description = item.data.description ?? 'a bet';
  const amount = formatDollars(item.data.amount ?? 0);
  switch (item.type) {
    case 'friend_request_received':
      return `${name} sent you a friend request`;
    case 'friend_request_accepted':
      return `${name} accepted your friend request`;
    case 'invite_joined':
      return `${name} joined Sidepot from your invite`;
    case 'invite_added':
      return `${name} added you from your invite`;
    case 'bet_placed':
      return `${name} challenged you: ${description}`;
    case 'bet_countered':
      return `${name} countered your bet: ${description}`;
    case 'challenge_taken':
      return `${name} took your challenge: ${description}`;
    case 'challenge_declined':
      return `${name} declined your challenge`;
    case 'bet_accepted':
      return `${name} accepted your bet: ${description}`;
    case 'bet_declined':
      return `${name} declined your bet: ${description}`;
    case 'bet_completed':
      // Written for the party who did not resolve it; the resolver is the actor.
      return item.data.winnerId === viewerId ? `You won: ${description}` : `${name} won: ${description}`;
    case 'void_requested':
      return `${name} asked to void: ${description}`;
    case 'bet_voided':
      return `${name} voided: ${description}`;
    case 'bet_disputed':
      return `${name} disputed your win: ${description}`;
    case 'void_kept':
      return `${name} wants to keep the bet: ${description}`;
    case 'bet_overdue':
      return `Time to resolve: ${description}`;
    case 'payment_marked':
      return `${name} marked ${amount} as paid`;
    case 'payment_confirmed':
      return `${name} confirmed your ${amount} payment`;
    case 'comment_added':
      return `${name} commented on ${description}`;
    case 'settlement_marked':
      return `${name} marked ${amount} as paid for ${betCountText(item.data.betCount ?? 0)}`;
    case 'settlement_confirmed':
      return `${name} confirmed your ${amount} payment for ${betCountText(item.data.betCount ?? 0)}`;
    case 'payment_reminder':
    case 'balance_reminder':
      return reminderSentence(name, item.data.amount ?? 0);
    case 'payment_reminder_auto':
      return autoReminderSentence(name, item.data.amount ?? 0);
    case 'pot_invited':
      return potInvitationLine(name, item.data.description ?? 'a pot');
    case 'pot_referee_asked':
      return `${name} asked you to referee a pot: ${item.data.description ?? 'a pot'}`;
    case 'pot_cancelled':
      return `${name} cancelled the pot: ${item.data.description ?? 'a pot'}`;
    case 'pot_decided':
      return `${name} declared the result: ${item.data.description ?? 'a pot'}`;
    case 'pot_payment_marked':
      return `${name} marked ${amount} as paid for a pot`;
    case 'pot_payment_confirmed':
      return `${name} confirmed your ${amount} payment for a pot`;
    case 'pot_joined':
      return `${name} joined your pot: ${item.data.description ?? 'a pot'}`;
    case 'pot_closed':
      return `${name} closed entries: ${item.data.description ?? 'a pot'}`;
    case 'pot_referee_declined':
      return `${name} declined to referee your pot: ${item.data.description ?? 'a pot'}`;
    case 'pot_disputed':
      return `${name} disputed the result: ${item.data.description ?? 'a pot'}`;
    case 'pot_dispute_kept':
      return `The result stands after the vote: ${item.data.description ?? 'a pot'}`;
    case 'pot_dispute_overturned':
      return `The result was overturned by vote: ${item.data.description ?? 'a pot'}`;
    case 'pot_comment_added':
      return `${name} commented on the pot: ${item.data.description ?? 'a pot'}`;
    case 'pot_not_enough':
      return `${potOutcomeTexts.not_enough}: ${item.data.description ?? 'a pot'}`;
    case 'bet_referee_asked':
      return `${name} asked you to referee: ${description}`;
    case 'bet_referee_accepted':
      return `${name} accepted to referee: ${description}`;
    case 'bet_referee_declined':
      return `${name} declined to referee your bet: ${description}`;
    case 'bet_referee_decided':
      return item.data.winnerId === viewerId ? `${name} decided you won: ${description}` : `${name} decided you lost: ${description}`;
    case 'group_added':
      return `${name} added you to a group: ${item.data.groupName ?? 'a group'}`;
    case 'group_removed':
      return `${name} removed you from a group: ${item.data.groupName ?? 'a group'}`;
    case 'group_pot_started':
      return `${name} started a pot in ${item.data.groupName ?? 'your group'}: ${item.data.description ?? 'a pot'}`;
    case 'group_payment_marked':
      return `${name} marked ${amount} as paid in ${item.data.groupName ?? 'your group'}`;
    case 'group_settle_started':
      return `${name} is settling up ${item.data.groupName ?? 'your group'}: you pay ${amount}`;
  }
}

/**
 * Where a line leads: the bet page for bet events, the actor's profile dialog for people events.
 * A settlement or a balance reminder covers several bets: its line opens the friend's dialog, with their balance line.
 * Being added to a group opens its page; a new group pot opens the pot. Being removed opens the owner who
 * removed you: the group's page is closed to you now (ADR 065).
 */
export function activityTarget(type: NotificationType): 'bet' | 'user' | 'pot' | 'group' {
  switch (type) {
    case 'group_added':
    case 'group_payment_marked':
    case 'group_settle_started':
      return 'group';
    case 'group_pot_started':
    case 'pot_invited':
    case 'pot_referee_asked':
    case 'pot_cancelled':
    case 'pot_decided':
    case 'pot_payment_marked':
    case 'pot_payment_confirmed':
    case 'pot_joined':
    case 'pot_closed':
    case 'pot_referee_declined':
    case 'pot_disputed':
    case 'pot_dispute_kept':
    case 'pot_dispute_overturned':
    case 'pot_comment_added':
    case 'pot_not_enough':
      return 'pot';
    case 'friend_request_received':
    case 'friend_request_accepted':
    case 'invite_joined':
    case 'invite_added':
    case 'challenge_declined':
    case 'settlement_marked':
    case 'settlement_confirmed':
    case 'balance_reminder':
    case 'group_removed':
      return 'user';
    default:
      return 'bet';
  }
}

export const markActivityReadInputSchema = z.object({
  /** The newest line the inbox showed: it and everything older is marked read, nothing newer. */
  through: z.object({ createdAt: z.iso.datetime({ offset: true }), id: z.uuid() }),
});
export type MarkActivityReadInput = z.infer<typeof markActivityReadInputSchema>;
