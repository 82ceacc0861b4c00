import { useQueryClient } from '@tanstack/react-query';
import type { SearchResult } from '#domain/friends.ts';
import type { Relationship, UserCard } from '#domain/profiles.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import { friendshipChanges, useChangeMutation } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Answers 'accepted' when that user had already asked me: sending accepts theirs. */
export async function sendFriendRequest(userId: string) {
  return unwrap(await api['friend-requests'].$post({ json: { userId } }));
}

type CardFriends = NonNullable<UserCard['friends']>;

/**
 * The answer is the new relationship: every cached search result, user card and card friend list showing
 * that user says so at once ('Friend Request Sent', or friends), while the rest re-reads behind. Waiting
 * for that re-read kept 'Add Friend' on screen for seconds after the server had answered.
 */
export function useSendFriendRequest(config: MutationConfig<typeof sendFriendRequest> = {}) {
  const queryClient = useQueryClient();
  const showAnswer = ({ status }: { status: 'pending' | 'accepted' }, userId: string) => {
    const relationship: Relationship = status === 'accepted' ? 'friend' : 'request_sent';
    // Search never lists friends: a request that made us friends takes them out, as the re-read will.
    queryClient.setQueriesData<{ items: SearchResult[] }>(
      { queryKey: queryKeys.searches },
      (results) =>
        results && {
          ...results,
          items: results.items.flatMap((item) =>
            item.id !== userId ? [item] : relationship === 'friend' ? [] : [{ ...item, relationship }],
          ),
        },
    );
    queryClient.setQueriesData<UserCard>({ queryKey: queryKeys.userCards }, (card) => {
      if (!card) return card;
      const friends: CardFriends | undefined = card.friends && {
        ...card.friends,
        items: card.friends.items.map((item) => (item.id === userId ? { ...item, relationship } : item)),
      };
      const own = card.user.id === userId ? { relationship } : {};
      return { ...card, ...own, ...(friends ? { friends } : {}) };
    });
  };
  return useChangeMutation(friendshipChanges, sendFriendRequest, config, { showAnswer });
}
