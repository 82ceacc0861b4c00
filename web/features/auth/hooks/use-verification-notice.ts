import { useEffect } from 'react';
import { useSearchParams } from '#web/lib/router/router.tsx';
import { toast } from '#web/lib/toast.ts';
import { useAuthSession } from './use-auth-session.ts';

/**
 * The emailed verification link lands on /login?verified=1 (signed in, in the
 * browser that signed up; signed out anywhere else) or /login?verified=1&error=…
 * when the token is bad. Say which, once, then
 * drop the parameters so a reload does not say it again.
 */
export function useVerificationNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { user, isLoading } = useAuthSession();
  const isVerified = searchParams.get('verified') === '1';
  const hasError = searchParams.has('error');

  useEffect(() => {
    if (isLoading || (!isVerified && !hasError)) return;
    // Fixed ids: StrictMode runs effects twice and a toast with the same id is replaced, not repeated.
    if (hasError) {
      toast.error('Verification failed', {
        id: 'email-verification',
        description: 'This verification link is invalid or has expired. Sign in to get a new one.',
      });
    } else {
      // Only the browser that signed up is signed in by the link (ADR 015); elsewhere the user signs in here.
      toast.success('Email verified', {
        id: 'email-verification',
        description: user
          ? 'Your account is active. Welcome to Sidepot!'
          : 'Your account is active. Please sign in.',
      });
    }
    // A signed-in visitor is being sent to /home by the guest guard, which replaces this entry anyway.
    // `next` stays: signing in here still returns to the page the sign-up came from.
    if (!user) {
      setSearchParams(
        (params) => {
          params.delete('verified');
          params.delete('error');
          return params;
        },
        { replace: true },
      );
    }
  }, [isLoading, isVerified, hasError, user, setSearchParams]);
}
