import { api, unwrap } from '#web/lib/api-client.ts';
import { friendshipChanges, useChangeMutation } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';

export async function acceptFriendRequest(requestId: string) {
  return unwrap(await api['friend-requests'][':id'].accept.$post({ param: { id: requestId } }));
}

export function useAcceptFriendRequest(config: MutationConfig<typeof acceptFriendRequest> = {}) {
  return useChangeMutation(friendshipChanges, acceptFriendRequest, config);
}
