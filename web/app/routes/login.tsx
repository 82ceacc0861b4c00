import { AuthLayout } from '#web/components/layouts/auth-layout.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { useInviteQuery } from '#web/features/auth/hooks/use-invite-query.ts';
import { GuestOnly } from '#web/features/auth/components/guest-only.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { PolicyLink } from '#web/features/auth/components/policy-link.tsx';
import { useVerificationNotice } from '#web/features/auth/hooks/use-verification-notice.ts';

export function Component() {
  // Switching between sign-up and sign-in keeps the invite the visitor came through.
  const inviteQuery = useInviteQuery();
  // Outside the guard: the verification link arrives already signed in and must still be acknowledged.
  useVerificationNotice();
  return (
    <GuestOnly>
      <AuthLayout title="Sign In">
        <Card>
          <CardHeader className="flex-col gap-1.5 px-6 text-center">
            <CardTitle asChild>
              <h1>Welcome Back</h1>
            </CardTitle>
            <CardDescription>Sign in to settle up with your friends.</CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm />
          </CardContent>
          <CardFooter className="flex-col gap-3">
            <TextLink to={`/signup${inviteQuery}`}>Don't have an account? Sign up</TextLink>
            <TextLink to="/signup" tone="muted">
              New here? Create a test account
            </TextLink>
            <PolicyLink />
          </CardFooter>
        </Card>
      </AuthLayout>
    </GuestOnly>
  );
}
