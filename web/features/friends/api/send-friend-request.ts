import { api, unwrap } from '../../../lib/api-client.ts';
import { friendshipChanges, useChangeMutation } from '../../../lib/change-mutation.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';

/** Answers 'accepted' when that user had already asked me: sending accepts theirs. */
export async function sendFriendRequest(userId: string) {
  return unwrap(await api['friend-requests'].$post({ json: { userId } }));
}

export function useSendFriendRequest(config: MutationConfig<typeof sendFriendRequest> = {}) {
  return useChangeMutation(friendshipChanges, sendFriendRequest, config);
}
