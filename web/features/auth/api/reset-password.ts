import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '../../../lib/auth-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';

export type ResetPasswordInput = { newPassword: string; token: string };

export async function resetPassword(input: ResetPasswordInput) {
  return unwrapAuth(authClient.resetPassword(input));
}

export function useResetPassword(config: MutationConfig<typeof resetPassword> = {}) {
  const { refetch } = authClient.useSession();
  return useMutation({
    ...config,
    mutationFn: async (input: ResetPasswordInput) => {
      const result = await resetPassword(input);
      // The server ends every session of the account; drop ours too, or /login would bounce to /home.
      await refetch();
      return result;
    },
  });
}
