import { api, unwrap } from '#web/lib/api-client.ts';
import { useChangeMutation } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';

/** The sender takes back a request that has not been answered. */
export async function cancelFriendRequest(requestId: string) {
  return unwrap(await api['friend-requests'][':id'].cancel.$post({ param: { id: requestId } }));
}

export function useCancelFriendRequest(config: MutationConfig<typeof cancelFriendRequest> = {}) {
  return useChangeMutation(['friends'], cancelFriendRequest, config);
}
