import { useMutation } from '@tanstack/react-query';
import { isUsernameIdentifier } from '#domain/account-rules.ts';
import type { LoginFormValues } from '#domain/users.ts';
import { AuthError, unwrapAuth } from '#web/lib/auth-error.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { loadAuthClient, refetchSession } from '#web/lib/session.ts';

// We reload the session ourselves (below) and wait for it; the library's own
// delayed reload would cancel ours mid-flight and let the button go idle early.
const fetchOptions = { disableSignal: true };

export async function signIn({ identifier, password }: LoginFormValues) {
  const trimmed = identifier.trim();
  const authClient = await loadAuthClient();
  return isUsernameIdentifier(trimmed)
    ? unwrapAuth(authClient.signIn.username({ username: trimmed, password, fetchOptions }))
    : unwrapAuth(authClient.signIn.email({ email: trimmed, password, fetchOptions }));
}

const signInMessages: Record<string, string> = {
  USERNAME_NOT_FOUND: 'Username not found. Please check your username or try using your email.',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email/username or password. Please try again.',
  INVALID_USERNAME_OR_PASSWORD: 'Invalid email/username or password. Please try again.',
  // The server has just re-sent the link.
  EMAIL_NOT_VERIFIED: 'Please check your email and click the verification link to activate your account.',
};

export function signInErrorMessage(error: unknown): string {
  if (error instanceof AuthError) {
    const known = error.code === undefined ? undefined : signInMessages[error.code];
    if (known) return known;
    if (error.message) return error.message;
  }
  return 'Failed to log in. Please try again.';
}

/** Signs in, then waits for the session so the route guards already see the user. */
export function useSignIn(config: MutationConfig<typeof signIn> = {}) {
  return useMutation({
    ...config,
    mutationFn: async (input: LoginFormValues) => {
      const result = await signIn(input);
      await refetchSession();
      return result;
    },
  });
}
