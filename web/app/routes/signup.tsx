import { lazy, Suspense, useState } from 'react';
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
import { PolicyLink } from '#web/features/auth/components/policy-link.tsx';
import { SignUpForm } from '#web/features/auth/components/sign-up-form.tsx';

// Shown once per account, after 'Create Account': not on the first load of / and /signup (ADR 037).
const loadCheckEmail = () => import('#web/features/auth/components/check-email.tsx');
const CheckEmail = lazy(async () => ({ default: (await loadCheckEmail()).CheckEmail }));

export function Component() {
  // Switching between sign-up and sign-in keeps the invite the visitor came through.
  const inviteQuery = useInviteQuery();
  // The address the verification link went to, once 'Create Account' succeeded.
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo !== null) {
    return (
      <AuthLayout title="Check Your Email">
        <Suspense fallback={null}>
          <CheckEmail email={sentTo} loginPath={`/login${inviteQuery}`} />
        </Suspense>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Join">
      <Card>
        <CardHeader className="flex-col gap-1.5 px-6 text-center">
          <CardTitle asChild>
            <h1>Join</h1>
          </CardTitle>
          <CardDescription>Make friendly bets with your friends.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignUpForm onSubmitted={() => void loadCheckEmail()} onSignedUp={setSentTo} />
        </CardContent>
        <CardFooter className="flex-col gap-3">
          <TextLink to={`/login${inviteQuery}`}>Already have an account? Sign in</TextLink>
          <PolicyLink />
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
