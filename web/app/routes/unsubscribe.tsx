import { useEffect, useRef } from 'react';
import { useSearchParams } from '#web/lib/router/router.tsx';
import { unsubscribeMessages } from '#domain/notification-preferences.ts';
import { AuthLayout } from '#web/components/layouts/auth-layout.tsx';
import { useUnsubscribe } from '#web/features/settings/api/unsubscribe.ts';
import { UnsubscribeView } from '#web/features/settings/components/unsubscribe-view.tsx';
import { ApiError, apiErrorMessage } from '#web/lib/api-error.ts';

/**
 * /unsubscribe?token=… — public: the 'Unsubscribe' link of a notification
 * mail. Opening it posts the token once (a GET alone changes nothing on the
 * server, so link scanners that prefetch mail links cannot unsubscribe anyone).
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current || !token) return;
    posted.current = true;
    mutate(token);
  }, [token, mutate]);

  const isInvalid = !token || (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400);
  return (
    <AuthLayout title="Unsubscribe">
      {isInvalid ? (
        <UnsubscribeView state="failed" message={unsubscribeMessages.invalid} />
      ) : unsubscribe.isError ? (
        <UnsubscribeView
          state="failed"
          message={apiErrorMessage(unsubscribe.error, 'Please try again.')}
          onRetry={() => mutate(token)}
        />
      ) : unsubscribe.isSuccess ? (
        <UnsubscribeView state="done" />
      ) : (
        <UnsubscribeView state="pending" />
      )}
    </AuthLayout>
  );
}
