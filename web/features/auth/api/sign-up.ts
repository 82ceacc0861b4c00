import { useMutation } from '@tanstack/react-query';
import type { SignUpFormValues } from '#domain/users.ts';
import { unwrapAuth } from '#web/lib/auth-error.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { loadAuthClient } from '#web/lib/session.ts';
import { verifiedCallbackUrl } from '../utils/return-path.ts';

/**
 * The server applies the same rules and normalises the values; an already-registered email answers the same.
 * `returnPath`: where the verification link brings the new user back to (e.g. a challenge link);
 * `invite`: the invite code the account signs up through (the friendship is made on verification).
 */
export async function signUp({
  values,
  returnPath,
  invite,
}: {
  values: SignUpFormValues;
  returnPath: string | null;
  invite?: string | undefined;
}) {
  const authClient = await loadAuthClient();
  return unwrapAuth(
    authClient.signUp.email({
      name: values.name,
      email: values.email,
      password: values.password,
      username: values.username,
      phone: values.phone,
      venmoHandle: values.venmoHandle,
      ageConfirmed: values.ageConfirmed,
      ...(invite ? { invite } : {}),
      callbackURL: verifiedCallbackUrl(returnPath),
    }),
  );
}

export function useSignUp(config: MutationConfig<typeof signUp> = {}) {
  return useMutation({ ...config, mutationFn: signUp });
}
