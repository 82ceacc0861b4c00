import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { getCommentsQueryOptions, type CommentSubject } from './get-comments.ts';

export type AddCommentInput = { betId: string; text: string; subject?: CommentSubject };

export async function addComment({ betId, text, subject = 'bet' }: AddCommentInput) {
  return unwrap(
    subject === 'pot'
      ? await api.pots[':id'].comments.$post({ param: { id: betId }, json: { text } })
      : await api.bets[':id'].comments.$post({ param: { id: betId }, json: { text } }),
  );
}

/**
 * Appends the new comment to the cached list instead of refetching it; the
 * 'feed' event the server sends for it may also refresh the list, so skip a
 * comment that is already there.
 */
export function useAddComment(config: MutationConfig<typeof addComment> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: addComment,
    onSuccess: async (...args) => {
      const [comment, { betId, subject }] = args;
      queryClient.setQueryData(getCommentsQueryOptions(betId, subject).queryKey, (list) =>
        list && !list.items.some((item) => item.id === comment.id)
          ? { ...list, items: [...list.items, comment] }
          : list,
      );
      await config.onSuccess?.(...args);
    },
  });
}
