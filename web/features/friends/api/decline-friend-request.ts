import { api, unwrap } from '../../../lib/api-client.ts';
import { useChangeMutation } from '../../../lib/change-mutation.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';

export async function declineFriendRequest(requestId: string) {
  return unwrap(await api['friend-requests'][':id'].decline.$post({ param: { id: requestId } }));
}

export function useDeclineFriendRequest(config: MutationConfig<typeof declineFriendRequest> = {}) {
  return useChangeMutation(['friends'], declineFriendRequest, config);
}
