import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';

/** The token from a notification mail's 'Unsubscribe' link; works without a session. */
export async function unsubscribe(token: string) {
  return unwrap(await api.unsubscribe.$post({ query: { token } }));
}

export function useUnsubscribe(config: MutationConfig<typeof unsubscribe> = {}) {
  return useMutation({ ...config, mutationFn: unsubscribe });
}
