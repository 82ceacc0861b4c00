import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/lib/toast.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { updateCachedFeedBet } from '../utils/feed-cache.ts';

/** Both calls are idempotent and answer the bet's real count (likes are stored, ADR 012). */
export async function likeBet(betId: string) {
  return unwrap(await api.bets[':id'].like.$put({ param: { id: betId } }));
}

export async function unlikeBet(betId: string) {
  return unwrap(await api.bets[':id'].like.$delete({ param: { id: betId } }));
}

/** A pot card's like, stored as a bet's is (ADR 060). */
async function likePot(potId: string) {
  return unwrap(await api.pots[':id'].like.$put({ param: { id: potId } }));
}

async function unlikePot(potId: string) {
  return unwrap(await api.pots[':id'].like.$delete({ param: { id: potId } }));
}

/** What a like belongs to: a bet, or a pot's feed card. */
export type LikeSubject = 'bet' | 'pot';

export type ToggleBetLikeInput = { betId: string; like: boolean; subject?: LikeSubject };

async function toggleBetLike({ betId, like, subject = 'bet' }: ToggleBetLikeInput) {
  if (subject === 'pot') return like ? likePot(betId) : unlikePot(betId);
  return like ? likeBet(betId) : unlikeBet(betId);
}

const toggleLikeKey = (betId: string) => ['toggle-like', betId] as const;

/**
 * Flips the heart at once and rolls it back if the server refuses. Taps may
 * overlap (like, then unlike before the first answer): the calls for one bet
 * are sent one after another (a shared mutation scope), so the server ends in
 * the state of the last tap; each failure undoes only its own step, and only
 * the last answer is written over the optimistic state. In-flight feed
 * fetches are not cancelled: that would also drop a 'Load more' page.
 */
export function useToggleBetLike(betId: string) {
  const queryClient = useQueryClient();
  const isLastPending = () => queryClient.isMutating({ mutationKey: toggleLikeKey(betId) }) <= 1;
  return useMutation({
    mutationKey: toggleLikeKey(betId),
    scope: { id: toggleLikeKey(betId).join(':') },
    mutationFn: toggleBetLike,
    onMutate: ({ like }) => {
      updateCachedFeedBet(queryClient, betId, (bet) =>
        bet.likedByMe === like
          ? bet
          : { ...bet, likedByMe: like, likeCount: bet.likeCount + (like ? 1 : -1) },
      );
    },
    onError: (error, { like }) => {
      updateCachedFeedBet(queryClient, betId, (bet) =>
        bet.likedByMe !== like
          ? bet
          : { ...bet, likedByMe: !like, likeCount: Math.max(0, bet.likeCount + (like ? -1 : 1)) },
      );
      toast.error('Error', { description: apiErrorMessage(error, 'Please try again.') });
    },
    onSuccess: ({ liked, likeCount }) => {
      if (isLastPending())
        updateCachedFeedBet(queryClient, betId, (bet) => ({ ...bet, likedByMe: liked, likeCount }));
    },
  });
}
