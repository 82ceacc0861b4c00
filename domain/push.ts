import { z } from 'zod';
import { formatDollars } from './money.ts';
import { activitySentence, activityTarget, snapshotStakes, type NotificationData, type NotificationType } from './notifications.ts';
import { hasForbiddenCharacters } from './text.ts';

const base64Url = (bytes: number, message: string) =>
  z
    .string()
    .max(200)
    .refine((value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value) && base64UrlLength(value) === bytes, message);

function base64UrlLength(value: string): number {
  const body = value.replace(/=+$/, '');
  return Math.floor((body.length * 3) / 4);
}

export const pushMessages = {
  enable: 'Enable Push Notifications',
  on: 'Push notifications are on for this device',
  turnOff: 'Turn Off',
  blocked: 'Notifications are blocked for Sidepot in your browser settings.',
  unavailable: 'Push notifications are not available on this device.',
  invalidSubscription: 'This push subscription is not valid.',
  rateLimited: 'Too many attempts. Try again later.',
  endpointRefused: 'Push notifications must go through a browser push service (Google, Mozilla, Apple or Microsoft).',
  endpointUnresolved: 'The push service could not be reached. Please try again.',
  endpointTaken: 'This device is subscribed by another account.',
} as const;

/**
 * The browsers' own Web Push services (ADR 051): Chrome/Edge-on-Android (FCM), Firefox (autopush),
 * Safari (APNs web push) and Edge/Windows (WNS). An entry starting with '.' matches any subdomain.
 */
export const WEB_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', '.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'] as const;

/**
 * "This endpoint goes to a browser's push service": https, a DNS name on the list, the default port,
 * no user info, and an authority every URL parser reads the same way (web-push uses Node's legacy
 * url.parse, the check the WHATWG parser) — so no IP literal in any spelling gets through.
 */
export function isWebPushServiceEndpoint(endpoint: string): boolean {
  const authority = /^https:\/\/([a-z0-9.-]+)(?::443)?(?:[/?]|$)/i.exec(endpoint);
  if (!authority?.[1] || endpoint.includes('\\')) return false;
  const host = authority[1].toLowerCase();
  return WEB_PUSH_SERVICE_HOSTS.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) && host.length > entry.length : host === entry));
}

/** The browser's PushSubscription.toJSON(): where to send and the keys to encrypt with (RFC 8291). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: pushMessages.invalidSubscription }).max(2048, pushMessages.invalidSubscription),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64Url(65, pushMessages.invalidSubscription),
    /** The 16-byte authentication secret. */
    auth: base64Url(16, pushMessages.invalidSubscription),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushUnsubscribeInputSchema = z.object({
  // No stored endpoint has control characters, and PostgreSQL refuses a NUL in text (a 500, found by the API fuzz).
  endpoint: z.string().min(1).max(2048).refine((value) => !hasForbiddenCharacters(value), pushMessages.invalidSubscription),
});
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInputSchema>;

/** GET /api/push/config: the VAPID public key browsers subscribe with. */
export const pushConfigSchema = z.object({ publicKey: z.string() });
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** What POST and DELETE /api/push/subscriptions answer. */
export type PushSubscriptionState = { subscribed: boolean };

/** POST /api/push/subscriptions: a small budget per user; a browser subscribes once. */
export const PUSH_SUBSCRIBE_RATE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };

/** What the service worker receives: it shows title/body, collapses by tag and opens url on click. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A same-origin path: the bet page or /activity. */
  url: z.string().startsWith('/'),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export type PushLine = {
  type: NotificationType;
  recipientId: string;
  actorId: string | null;
  actorName: string | null;
  betId: string | null;
  data: NotificationData;
};

const BODY_MAX = 140;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > BODY_MAX ? `${flat.slice(0, BODY_MAX - 1)}…` : flat;
}

function titleOf(line: PushLine): string {
  switch (line.type) {
    case 'bet_placed':
      return 'New challenge';
    case 'bet_countered':
      return 'Counter-offer';
    case 'friend_request_received':
      return 'Friend request';
    case 'bet_accepted':
      return 'Bet accepted';
    case 'bet_declined':
      return 'Bet declined';
    case 'bet_completed':
      return line.data.winnerId === line.recipientId ? 'You won' : 'Bet resolved';
    case 'void_requested':
      return 'Void requested';
    case 'challenge_taken':
      return 'Challenge taken';
    case 'bet_disputed':
      return 'Bet disputed';
    case 'void_kept':
      return 'Bet kept';
    case 'bet_overdue':
      return 'Time to resolve';
    case 'payment_marked':
    case 'settlement_marked':
      return 'Payment marked';
    case 'payment_confirmed':
    case 'settlement_confirmed':
      return 'Payment confirmed';
    case 'comment_added':
      return 'New comment';
    case 'payment_reminder':
    case 'balance_reminder':
    case 'payment_reminder_auto':
      return 'Payment reminder';
    case 'group_added':
      return 'Added to a group';
    case 'group_removed':
      return 'Removed from a group';
    case 'group_pot_started':
      return 'New group pot';
    case 'group_payment_marked':
      return 'Payment marked';
    case 'group_settle_started':
      return 'Settle up';
    default:
      return 'Sidepot';
  }
}

function bodyOf(line: PushLine): string {
  const name = line.actorName ?? 'Someone';
  const amount = formatDollars(line.data.amount ?? 0);
  // An open bet's lines name both stakes of an uneven bet, the creator's first ('$20 vs $10', ADR 066).
  const stakes = snapshotStakes(line.data);
  const description = line.data.description ?? 'a bet';
  switch (line.type) {
    case 'bet_placed':
      return `${name} challenged you to a ${stakes} bet: ${description}`;
    case 'bet_countered':
      return `${name} countered your bet: ${description}`;
    case 'bet_accepted':
      return `${name} accepted your ${stakes} bet: ${description}`;
    case 'bet_declined':
      return `${name} declined your ${stakes} bet: ${description}`;
    case 'bet_completed':
      return line.data.winnerId === line.recipientId
        ? `You won ${amount} against ${name}: ${description}`
        : `${name} won ${amount}: ${description}`;
    case 'void_requested':
      return `${name} asked to void your ${stakes} bet: ${description}`;
    case 'comment_added':
      return `${name} commented on your ${stakes} bet: ${description}`;
    case 'payment_reminder':
    case 'payment_reminder_auto':
      return `${activitySentence({ type: line.type, actor: { id: line.actorId ?? '', name, image: null }, data: line.data }, line.recipientId)}: ${description}`;
    default:
      // Friend requests and payments read as in the inbox ('… marked $25 as paid').
      return activitySentence(
        { type: line.type, actor: { id: line.actorId ?? '', name, image: null }, data: line.data },
        line.recipientId,
      );
  }
}

/** Where a push opens: the bet page, a group line's group or pot page (as the inbox line, ADR 065), or /activity. */
function urlOf(line: PushLine): string {
  if (line.betId) return `/bets/${line.betId}`;
  if (activityTarget(line.type) === 'group' && line.data.groupId)
    return `/groups/${encodeURIComponent(line.data.groupId)}`;
  if (line.type === 'group_pot_started' && line.data.potId) return `/pots/${encodeURIComponent(line.data.potId)}`;
  return '/activity';
}

/** The push for one inbox line, as its recipient reads it. Several pushes about one bet share a tag and collapse. */
export function pushPayload(line: PushLine): PushPayload {
  const tag = line.betId ? `bet-${line.betId}` : line.actorId && line.type.startsWith('friend_') ? `friend-${line.actorId}` : 'activity';
  return {
    title: titleOf(line),
    body: oneLine(bodyOf(line)),
    url: urlOf(line),
    tag,
  };
}

/** Challenges are time-sensitive; everything else can wait for the device's next wake-up. */
export function pushUrgency(type: NotificationType): 'normal' | 'high' {
  return type === 'bet_placed' || type === 'bet_countered' ? 'high' : 'normal';
}

/** A push the device has not received within a day is stale (the inbox has it). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
