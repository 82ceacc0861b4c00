import { api, unwrap } from '#web/lib/api-client.ts';
import { friendshipChanges, useChangeMutation } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';

/** 'Accept Invite': the two become friends at once (the link is the inviter's consent). */
export async function acceptInvite(code: string) {
  return unwrap(await api.invites[':code'].accept.$post({ param: { code } }));
}

export function useAcceptInvite(config: MutationConfig<typeof acceptInvite> = {}) {
  return useChangeMutation(friendshipChanges, acceptInvite, config);
}
