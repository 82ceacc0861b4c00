import { useMutation } from '@tanstack/react-query';
import { unwrapAuth } from '#web/lib/auth-error.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { loadAuthClient } from '#web/lib/session.ts';
import { verifiedCallbackUrl } from '../utils/return-path.ts';

/**
 * better-auth's `/send-verification-email`, rate-limited per address like the reset request
 * (server/lib/auth.ts); it answers the same for an unknown or already verified address.
 */
export async function resendVerificationEmail({
  email,
  returnPath,
}: {
  email: string;
  returnPath: string | null;
}) {
  const authClient = await loadAuthClient();
  return unwrapAuth(
    authClient.sendVerificationEmail({ email, callbackURL: verifiedCallbackUrl(returnPath) }),
  );
}

export function useResendVerificationEmail(config: MutationConfig<typeof resendVerificationEmail> = {}) {
  return useMutation({ ...config, mutationFn: resendVerificationEmail });
}
