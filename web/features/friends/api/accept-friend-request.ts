import { api, unwrap } from '../../../lib/api-client.ts';
import { friendshipChanges, useChangeMutation } from '../../../lib/change-mutation.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';

export async function acceptFriendRequest(requestId: string) {
  return unwrap(await api['friend-requests'][':id'].accept.$post({ param: { id: requestId } }));
}

export function useAcceptFriendRequest(config: MutationConfig<typeof acceptFriendRequest> = {}) {
  return useChangeMutation(friendshipChanges, acceptFriendRequest, config);
}
