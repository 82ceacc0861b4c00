import { useMutation } from '@tanstack/react-query';
import { unwrapAuth } from '#web/lib/auth-error.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { loadAuthClient, refetchSession } from '#web/lib/session.ts';

export type ResetPasswordInput = { newPassword: string; token: string };

export async function resetPassword(input: ResetPasswordInput) {
  const authClient = await loadAuthClient();
  return unwrapAuth(authClient.resetPassword(input));
}

export function useResetPassword(config: MutationConfig<typeof resetPassword> = {}) {
  return useMutation({
    ...config,
    mutationFn: async (input: ResetPasswordInput) => {
      const result = await resetPassword(input);
      // The server ends every session of the account; drop ours too, or /login would bounce to /home.
      await refetchSession();
      return result;
    },
  });
}
