import { api, unwrap } from '#web/lib/api-client.ts';
import { useChangeMutation } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';

export async function declineFriendRequest(requestId: string) {
  return unwrap(await api['friend-requests'][':id'].decline.$post({ param: { id: requestId } }));
}

export function useDeclineFriendRequest(config: MutationConfig<typeof declineFriendRequest> = {}) {
  return useChangeMutation(['friends'], declineFriendRequest, config);
}
