import { useState } from 'react';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx';
import { TextLink } from '../../components/ui/text-link.tsx';
import { useInviteQuery } from '../../features/auth/hooks/use-invite-query.ts';
import { CheckEmail } from '../../features/auth/components/check-email.tsx';
import { PolicyLink } from '../../features/auth/components/policy-link.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';

export function Component() {
  // Switching between sign-up and sign-in keeps the invite the visitor came through.
  const inviteQuery = useInviteQuery();
  // The address the verification link went to, once 'Create Account' succeeded.
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo !== null) {
    return (
      <AuthLayout title="Check Your Email">
        <CheckEmail email={sentTo} loginPath={`/login${inviteQuery}`} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Join">
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1>Join</h1>
          </CardTitle>
          <CardDescription>Make friendly bets with your friends.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignUpForm onSignedUp={setSentTo} />
        </CardContent>
        <CardFooter className="flex-col gap-3">
          <TextLink to={`/login${inviteQuery}`}>Already have an account? Sign in</TextLink>
          <PolicyLink />
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
