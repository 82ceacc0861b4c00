import { useForm } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import { checkForgotPassword } from '#domain/account-rules.ts';
import type { ForgotPasswordFormValues } from '#domain/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { rateLimitMessage } from '#web/lib/auth-error.ts';
import { toastFailedRule } from '#web/lib/rule-form.ts';
import { ruleResolver } from '#web/lib/rule-resolver.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** The toasts of this form (lib/toast.ts: a success clears its errors). */
const FORM = 'forgot-password';

const emptyValues: ForgotPasswordFormValues = { email: '' };

type ForgotPasswordDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function ForgotPasswordDialog({ open, onOpenChange }: ForgotPasswordDialogProps) {
  const { register, handleSubmit, getValues, reset, formState } = useForm({
    resolver: ruleResolver(checkForgotPassword),
    defaultValues: emptyValues,
  });

  const request = useRequestPasswordReset({
    onSuccess: () => {
      toast.success('Reset Email Sent', {
        form: FORM,
        description: 'Check your email for password reset instructions.',
      });
      reset();
      onOpenChange(false);
    },
    onError: (error) => {
      toast.error('Error', {
        description: rateLimitMessage(error) ?? 'Failed to send reset email.',
        form: FORM,
      });
    },
  });

  const onSubmit = handleSubmit(
    (values) => request.mutate(values),
    () => toastFailedRule(checkForgotPassword, getValues(), FORM),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset Password</DialogTitle>
          <DialogDescription>
            Enter the email you signed up with and we'll send you a reset link.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <TextField
            label="Email Address"
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send Reset Email'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
