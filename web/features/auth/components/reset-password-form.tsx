import { useForm } from 'react-hook-form';
import { useNavigate } from '#web/lib/router/router.tsx';
import { toast } from '#web/lib/toast.ts';
import { checkResetPassword } from '#domain/account-rules.ts';
import type { ResetPasswordFormValues } from '#domain/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { AuthError, rateLimitMessage } from '#web/lib/auth-error.ts';
import { toastFailedRule } from '#web/lib/rule-form.ts';
import { ruleResolver } from '#web/lib/rule-resolver.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { toastInvalidResetLink } from '../utils/invalid-reset-link.ts';

/** The toasts of this form (lib/toast.ts: a success clears its errors). */
const FORM = 'reset-password';

const emptyValues: ResetPasswordFormValues = { password: '', confirmPassword: '' };

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { register, handleSubmit, getValues, formState } = useForm({
    resolver: ruleResolver(checkResetPassword),
    defaultValues: emptyValues,
  });
  const { errors } = formState;

  const reset = useResetPassword({
    onSuccess: () => {
      toast.success('Password Updated', {
        form: FORM,
        description: 'Your password has been successfully reset. You can now log in with your new password.',
      });
      navigate('/login', { replace: true });
    },
    onError: (error) => {
      if (error instanceof AuthError && error.code === 'INVALID_TOKEN') {
        toastInvalidResetLink();
        navigate('/login', { replace: true });
        return;
      }
      toast.error('Error', {
        form: FORM,
        description: rateLimitMessage(error) ?? 'Failed to reset password. Please try again.',
      });
    },
  });

  const onSubmit = handleSubmit(
    ({ password }) => reset.mutate({ newPassword: password, token }),
    () => toastFailedRule(checkResetPassword, getValues(), FORM),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder="Minimum 6 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Updating Password...' : 'Update Password'}
      </Button>
      <TextLink to="/login" className="justify-self-center">
        Back to Login
      </TextLink>
    </form>
  );
}
