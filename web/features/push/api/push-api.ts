import { api, unwrap } from '#web/lib/api-client.ts';
import type { PushSubscriptionInput } from '#domain/push.ts';

/** The VAPID public key this server signs pushes with. */
export async function getPushConfig() {
  return unwrap(await api.push.config.$get());
}

export async function saveSubscription(json: PushSubscriptionInput) {
  return unwrap(await api.push.subscriptions.$post({ json }));
}

export async function deleteSubscription(endpoint: string) {
  return unwrap(await api.push.subscriptions.$delete({ json: { endpoint } }));
}
