import { useEffect } from 'react';
import { useNavigate, useSearchParams } from '#web/lib/router/router.tsx';
import { AuthLayout } from '#web/components/layouts/auth-layout.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FullScreenSpinner } from '#web/components/ui/full-screen-spinner.tsx';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';
import { toastInvalidResetLink } from '#web/features/auth/utils/invalid-reset-link.ts';

/** The emailed link redirects here with ?token=… (or ?error=INVALID_TOKEN when it is bad or used). */
export function Component() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.has('error') ? null : searchParams.get('token');

  useEffect(() => {
    if (token) return;
    toastInvalidResetLink();
    navigate('/login', { replace: true });
  }, [token, navigate]);

  if (!token) return <FullScreenSpinner />;
  return (
    <AuthLayout title="Reset Password">
      <Card>
        <CardHeader className="flex-col gap-1.5 px-6 text-center">
          <CardTitle asChild>
            <h1>Reset Password</h1>
          </CardTitle>
          <CardDescription>Enter it twice so we know it's right.</CardDescription>
        </CardHeader>
        <CardContent>
          <ResetPasswordForm token={token} />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
