import { lazy, Suspense, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { checkLogin } from '#domain/account-rules.ts';
import type { LoginFormValues } from '#domain/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { toastFailedRule, useRuleForm } from '#web/lib/rule-form.ts';
import { signInErrorMessage, useSignIn } from '../api/sign-in.ts';

/** The toasts of this form (lib/toast.ts: a success clears its errors). */
const FORM = 'login';

// Radix Dialog and its focus trap load when the visitor asks for a reset, not with /login.
const ForgotPasswordDialog = lazy(async () => {
  const module = await import('./forgot-password-dialog.tsx');
  return { default: module.ForgotPasswordDialog };
});

const emptyValues: LoginFormValues = { identifier: '', password: '' };

/** On success the guest guard moves on (see guest-only.tsx), so this only says hello. */
export function LoginForm() {
  const [isResetOpen, setIsResetOpen] = useState(false);
  // Stays mounted once opened, so closing animates and the typed email survives a reopen.
  const [hasOpenedReset, setHasOpenedReset] = useState(false);
  const { register, handleSubmit, getValues, errors } = useRuleForm(checkLogin, emptyValues);

  const signIn = useSignIn({
    onSuccess: () => {
      toast.success('Welcome back!', { description: 'You have been logged in successfully.', form: FORM });
    },
    onError: (error) => {
      toast.error('Login Failed', { description: signInErrorMessage(error), form: FORM });
    },
  });

  const onSubmit = handleSubmit(
    (values) => signIn.mutate(values),
    () => toastFailedRule(checkLogin, getValues(), FORM),
  );

  return (
    <>
      {/* POST: sent before the app has run (a prerendered screen, ADR 047), the fields go in a body the
          server answers 204 and never reads, never into the URL, history and logs as a GET's query. */}
      <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          label="Email or Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.identifier?.message}
          {...register('identifier')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
        <Button
          type="button"
          variant="link"
          className="justify-self-center"
          onClick={() => {
            setHasOpenedReset(true);
            setIsResetOpen(true);
          }}
        >
          Forgot your password?
        </Button>
      </form>
      {hasOpenedReset && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={isResetOpen} onOpenChange={setIsResetOpen} />
        </Suspense>
      )}
    </>
  );
}
