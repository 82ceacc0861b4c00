import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { loginFormSchema, type LoginFormValues } from '../../../../domain/users.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toastFirstRule } from '../../../lib/form-rules.ts';
import { signInErrorMessage, useSignIn } from '../api/sign-in.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';

const emptyValues: LoginFormValues = { identifier: '', password: '' };

/** On success the guest guard moves on (see guest-only.tsx), so this only says hello. */
export function LoginForm() {
  const [isResetOpen, setIsResetOpen] = useState(false);
  const { register, handleSubmit, getValues, formState } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: emptyValues,
  });
  const { errors } = formState;

  const signIn = useSignIn({
    onSuccess: () => {
      toast.success('Welcome back!', { description: 'You have been logged in successfully.' });
    },
    onError: (error) => {
      toast.error('Login Failed', { description: signInErrorMessage(error) });
    },
  });

  const onSubmit = handleSubmit(
    (values) => signIn.mutate(values),
    () => toastFirstRule(loginFormSchema, getValues()),
  );

  return (
    <>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
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
          onClick={() => setIsResetOpen(true)}
        >
          Forgot your password?
        </Button>
      </form>
      <ForgotPasswordDialog open={isResetOpen} onOpenChange={setIsResetOpen} />
    </>
  );
}
