import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordFormValues } from '#domain/users.ts';
import { unwrapAuth } from '#web/lib/auth-error.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { loadAuthClient } from '#web/lib/session.ts';

/** Answers the same for known and unknown emails, so nobody can probe for accounts. */
export async function requestPasswordReset({ email }: ForgotPasswordFormValues) {
  const authClient = await loadAuthClient();
  return unwrapAuth(authClient.requestPasswordReset({ email: email.trim(), redirectTo: '/reset-password' }));
}

export function useRequestPasswordReset(config: MutationConfig<typeof requestPasswordReset> = {}) {
  return useMutation({ ...config, mutationFn: requestPasswordReset });
}
