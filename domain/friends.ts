import { z } from 'zod';
import { relationshipSchema, userSummarySchema } from './profiles.ts';

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Please enter a username or phone number.')
    .max(50, 'Please enter at most 50 characters.'),
});

/** A search result, with the viewer's relationship so the button can say 'Friend Request Sent'. */
export const searchResultSchema = userSummarySchema.extend({ relationship: relationshipSchema });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const sendFriendRequestInputSchema = z.object({ userId: z.string().min(1) });

export const friendRequestSchema = z.object({
  id: z.string(),
  requester: userSummarySchema,
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/** Sending a request to someone who already asked you accepts theirs. */
export const sendFriendRequestResultSchema = z.object({ status: z.enum(['pending', 'accepted']) });
