import { z } from 'zod';
import type { NotificationType } from './notifications.ts';

/**
 * Delivery outside the app: each inbox line that needs a response
 * belongs to one category, and each category has a Push and an Email switch
 * per user. The inbox itself always shows every line, whatever the switches say.
 */
export const notificationCategories = [
  'challenges',
  'bet_updates',
  'friend_requests',
  'comments',
  'reminders',
  'groups',
] as const;
export const notificationCategorySchema = z.enum(notificationCategories);
export type NotificationCategory = z.infer<typeof notificationCategorySchema>;

export const deliveryChannels = ['push', 'email'] as const;
export const deliveryChannelSchema = z.enum(deliveryChannels);
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

/** The row labels of the Settings screen's 'Notifications' section. */
export const categoryLabels: Record<NotificationCategory, string> = {
  challenges: 'Bet challenges',
  bet_updates: 'Bet updates',
  friend_requests: 'Friend requests',
  comments: 'Comments',
  reminders: 'Reminders',
  groups: 'Groups',
};

export const channelLabels: Record<DeliveryChannel, string> = { push: 'Push', email: 'Email' };

/** Everything on except Comments email. A user with no stored row gets these. */
export function defaultPreference(category: NotificationCategory, channel: DeliveryChannel): boolean {
  return !(category === 'comments' && channel === 'email');
}

/**
 * How far each inbox line travels: its category and the channels it may use.
 * Null: inbox only (for example 'accepted your friend request' needs no response).
 * Email is kept for what waits on the recipient, plus the spec's 'bet accepted' mail.
 */
export function deliveryOf(
  type: NotificationType,
): { category: NotificationCategory; channels: readonly DeliveryChannel[] } | null {
  switch (type) {
    // A counter waits on the other side like a new bet (ADR 062).
    case 'bet_placed':
    case 'bet_countered':
    case 'pot_invited':
    case 'pot_referee_asked':
    case 'bet_referee_asked':
      return { category: 'challenges', channels: ['push', 'email'] };
    case 'pot_decided':
    case 'pot_payment_marked':
    case 'pot_referee_declined':
    case 'pot_disputed':
    case 'bet_referee_declined':
    case 'bet_referee_decided':
      // A declined referee waits on the creator to pick another, a dispute on every entrant's vote: email too.
      return { category: 'bet_updates', channels: ['push', 'email'] };
    case 'pot_cancelled':
    case 'pot_payment_confirmed':
    case 'pot_joined':
    case 'pot_closed':
    case 'pot_dispute_kept':
    case 'pot_dispute_overturned':
    case 'pot_not_enough':
    case 'bet_referee_accepted':
      return { category: 'bet_updates', channels: ['push'] };
    case 'friend_request_received':
      return { category: 'friend_requests', channels: ['push', 'email'] };
    // A taken challenge is the challenger's bet accepted: the spec's 'bet accepted' mail too.
    case 'bet_accepted':
    case 'challenge_taken':
    case 'void_requested':
    case 'payment_marked':
    case 'settlement_marked':
      return { category: 'bet_updates', channels: ['push', 'email'] };
    case 'bet_declined':
    case 'bet_completed':
    case 'bet_disputed':
    case 'void_kept':
    case 'bet_overdue':
    case 'payment_confirmed':
    case 'settlement_confirmed':
      return { category: 'bet_updates', channels: ['push'] };
    case 'comment_added':
    case 'pot_comment_added':
      return { category: 'comments', channels: ['push', 'email'] };
    // A reminder asks for money owed: it waits on the recipient.
    case 'payment_reminder':
    case 'balance_reminder':
    case 'payment_reminder_auto':
      return { category: 'reminders', channels: ['push', 'email'] };
    // A crew's own news (ADR 065): a new group pot is also its members' invitation to it; and a simplified
    // payment waiting on me (ADR 064): mine to make once a round opens, mine to confirm once marked.
    case 'group_added':
    case 'group_removed':
    case 'group_pot_started':
    case 'group_settle_started':
    case 'group_payment_marked':
      return { category: 'groups', channels: ['push', 'email'] };
    default:
      return null;
  }
}

export const notificationPreferenceSchema = z.object({
  category: notificationCategorySchema,
  channel: deliveryChannelSchema,
  enabled: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET /api/settings/notifications: every category × channel, defaults filled in. */
export const notificationPreferencesSchema = z.array(notificationPreferenceSchema);

/** PUT /api/settings/notifications: one switch at a time, saved at once. */
export const updateNotificationPreferenceInputSchema = notificationPreferenceSchema;
export type UpdateNotificationPreferenceInput = z.infer<typeof updateNotificationPreferenceInputSchema>;

/** The unsubscribe link of a notification mail (page /unsubscribe and POST /api/unsubscribe). */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(512) });
export const unsubscribeResultSchema = z.object({ category: notificationCategorySchema });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const unsubscribeMessages = {
  done: 'You will no longer get these emails.',
  invalid: 'This unsubscribe link is not valid. You can turn email off in Settings instead.',
} as const;

export const preferenceMessages = {
  saved: 'Settings saved',
} as const;
