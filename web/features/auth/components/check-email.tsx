import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from '#web/lib/router/router.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { rateLimitMessage } from '#web/lib/auth-error.ts';
import { toast } from '#web/lib/toast.ts';
import { useResendVerificationEmail } from '../api/resend-verification-email.ts';
import { returnStatePath } from '../utils/return-path.ts';

/** The toasts of this screen (lib/toast.ts: a success clears its errors). */
const FORM = 'check-email';

type CheckEmailProps = {
  email: string;
  /** Where 'Back to Login' goes, keeping the invite the visitor came through (`?invite=`). */
  loginPath: string;
};

/**
 * What a new account sees after 'Create Account': the address the link went to, a way to send it
 * again, and the way to the login form, which refuses the account until the link is followed.
 */
export function CheckEmail({ email, loginPath }: CheckEmailProps) {
  // Came from a page to return to (a challenge link): the resent link, and a login, go back there too.
  const returnPath = returnStatePath(useLocation().state);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone: move focus (and a screen reader) to what replaced it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const resend = useResendVerificationEmail({
    onSuccess: () => {
      toast.success('Email Sent', {
        form: FORM,
        description: `We've sent a new verification link to ${email}.`,
      });
    },
    onError: (error) => {
      toast.error('Error', {
        form: FORM,
        description: rateLimitMessage(error) ?? 'Failed to send the verification email. Please try again.',
      });
    },
  });

  return (
    <Card>
      <CardHeader className="flex-col items-center gap-1.5 px-6 text-center">
        <MailCheck className="size-10 text-primary" aria-hidden />
        <CardTitle asChild>
          <h1 ref={heading} tabIndex={-1} className="outline-none">
            Check Your Email
          </h1>
        </CardTitle>
        <CardDescription>
          We've sent a verification link to
          <strong className="block font-semibold [overflow-wrap:anywhere] text-foreground">{email}</strong>
          Follow it to activate your account, then sign in.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-6 text-center text-sm text-muted-foreground">
        No email? Check your spam folder, or send it again.
      </CardContent>
      <CardFooter className="flex-col gap-3">
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          disabled={resend.isPending}
          aria-busy={resend.isPending || undefined}
          onClick={() => resend.mutate({ email, returnPath })}
        >
          {resend.isPending ? 'Sending Email...' : 'Resend Email'}
        </Button>
        <Button asChild size="lg" className="w-full">
          <Link to={loginPath} state={returnPath ? { from: returnPath } : undefined}>
            Back to Login
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
