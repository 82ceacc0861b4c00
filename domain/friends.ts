import { z } from 'zod';
import { relationshipSchema, userSummarySchema } from './profiles.ts';
import { cursorQuerySchema, fromBase64Url, toBase64Url } from './pagination.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';
import { digitsOnly, PHONE_DIGITS, userIdSchema } from './users.ts';

export const SEARCH_TERM_MAX = 50;
/** Searches one user may run per minute; enough to type, too few to walk a directory. */
export const SEARCH_RATE_LIMIT = { max: 30, windowMs: 60_000 } as const;
export const searchMessages = {
  rateLimited: 'Too many searches. Please wait a minute and try again.',
} as const;

const PHONE_TERM = /^[\d\s().+-]+$/;

/**
 * The phone number a search term spells, as 10 digits, or null. Phone search
 * only finds a complete number you already know (ADR 016): a fragment would
 * let anyone recover a number digit by digit. A leading US country code 1 is
 * dropped ('+1 (555) 123-4567').
 */
export function phoneSearchDigits(term: string): string | null {
  if (!PHONE_TERM.test(term.trim())) return null;
  const digits = digitsOnly(term);
  if (digits.length === PHONE_DIGITS) return digits;
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

/** A term that looks like the start of a phone number, which search cannot complete. */
export function isPartialPhoneTerm(term: string): boolean {
  return PHONE_TERM.test(term.trim()) && digitsOnly(term).length >= 3 && phoneSearchDigits(term) === null;
}

export const searchQuerySchema = z.object({
  q: z
    .string()
    .refine((value) => !isBlank(value), 'Please enter a username or phone number.')
    .refine((value) => !hasForbiddenCharacters(value), textMessages.invalidCharacters('Search').message)
    .transform(normalizeText)
    .pipe(z.string().max(SEARCH_TERM_MAX, `Please enter at most ${SEARCH_TERM_MAX} characters.`)),
});

/** A search result, with the viewer's relationship so the button can say 'Friend Request Sent'. */
export const searchResultSchema = userSummarySchema.extend({ relationship: relationshipSchema });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const sendFriendRequestInputSchema = z.object({ userId: userIdSchema });

export const friendRequestSchema = z.object({
  id: z.string(),
  requester: userSummarySchema,
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/** A request the viewer sent that is still waiting for an answer; the sender may cancel it. */
export const sentFriendRequestSchema = z.object({
  id: z.string(),
  requested: userSummarySchema,
  createdAt: z.string(),
});
export type SentFriendRequest = z.infer<typeof sentFriendRequestSchema>;

/** Sending a request to someone who already asked you accepts theirs. */
export const sendFriendRequestResultSchema = z.object({ status: z.enum(['pending', 'accepted']) });

/** Friends per page of the Friends tab (ADR 043); the picker on /home reads them all. */
export const FRIENDS_PAGE_SIZE = 50;

/** Keyset cursor of the friends list, which is ordered by name, then id. */
export type FriendsCursor = { name: string; id: string };

export function encodeFriendsCursor(cursor: FriendsCursor): string {
  // Percent-encoded first: btoa takes only Latin-1, and names are any Unicode.
  return toBase64Url(encodeURIComponent(JSON.stringify([cursor.name, cursor.id])));
}

export function decodeFriendsCursor(value: string): FriendsCursor | null {
  try {
    const json: unknown = JSON.parse(decodeURIComponent(fromBase64Url(value)));
    // PostgreSQL text holds no NUL: such a cursor came from no page of ours.
    const text = (max: number) =>
      z
        .string()
        .min(1)
        .max(max)
        .refine((value) => !value.includes('\u0000'));
    const pair = z
      .tuple([
        z
          .string()
          .max(1000)
          .refine((value) => !value.includes('\u0000')),
        text(200),
      ])
      .safeParse(json);
    return pair.success ? { name: pair.data[0], id: pair.data[1] } : null;
  } catch {
    return null;
  }
}

export const friendsPageQuerySchema = cursorQuerySchema(decodeFriendsCursor);

/** One page of my friends by name, with how many I have in all ('Friends (n)'). */
export const friendsPageSchema = z.object({
  items: z.array(userSummarySchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type FriendsPage = z.infer<typeof friendsPageSchema>;
