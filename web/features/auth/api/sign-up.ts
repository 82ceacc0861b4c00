import { useMutation } from '@tanstack/react-query';
import type { SignUpFormValues } from '../../../../domain/users.ts';
import { authClient, unwrapAuth } from '../../../lib/auth-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';

/** The server applies the same rules and normalises the values; an already-registered email answers the same. */
export async function signUp({ invite, ...values }: SignUpFormValues & { invite?: string }) {
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
      callbackURL: '/login?verified=1',
    }),
  );
}

export function useSignUp(config: MutationConfig<typeof signUp> = {}) {
  return useMutation({ ...config, mutationFn: signUp });
}
