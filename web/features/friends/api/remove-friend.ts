import { api, unwrap } from '#web/lib/api-client.ts';
import { friendshipChanges, useChangeMutation } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';

/** Ends the friendship on both sides (ADR 007). */
export async function removeFriend(userId: string) {
  return unwrap(await api.friends[':userId'].$delete({ param: { userId } }));
}

export function useRemoveFriend(config: MutationConfig<typeof removeFriend> = {}) {
  return useChangeMutation(friendshipChanges, removeFriend, config);
}
