import { useId } from 'react';
import { useLocation, useSearchParams } from '#web/lib/router/router.tsx';
import { toast } from '#web/lib/toast.ts';
import { accountMessages, checkSignUp, checkSignUpFields, type SignUpField } from '#domain/account-rules.ts';
import type { SignUpFormValues } from '#domain/users.ts';
import { personFields } from '#web/components/person-fields.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { FieldError, TextField } from '#web/components/ui/text-field.tsx';
import { AuthError } from '#web/lib/auth-error.ts';
import { toastFailedRule, useRuleForm } from '#web/lib/rule-form.ts';
import { useSignUp } from '../api/sign-up.ts';
import { returnStatePath } from '../utils/return-path.ts';

/** The toasts of this form (lib/toast.ts: a success clears its errors). */
const FORM = 'sign-up';

const emptyValues: SignUpFormValues = {
  name: '',
  username: '',
  email: '',
  password: '',
  phone: '',
  venmoHandle: '',
  ageConfirmed: false,
};

function isSignUpField(field: string | undefined): field is SignUpField {
  return field !== undefined && Object.hasOwn(emptyValues, field);
}

type SignUpFormProps = {
  /** The account is created (or the address already had one: the answer is the same); the mail is on its way. */
  onSignedUp: (email: string) => void;
  /** A valid form is being sent (e.g. to fetch what is shown next meanwhile). */
  onSubmitted?: () => void;
};

export function SignUpForm({ onSignedUp, onSubmitted }: SignUpFormProps) {
  // From /signup?invite=<code>: the server makes the friendship when the email is verified.
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite') ?? undefined;
  // Came from a page to return to (a challenge link): the verification link, and a login here, go back there.
  const returnPath = returnStatePath(useLocation().state);
  const ageId = useId();
  // Not react-hook-form: its ~13 KiB gzip stays off '/' and /signup (ADR 037).
  const { register, checkbox, handleSubmit, setError, getValues, errors } = useRuleForm(
    checkSignUp,
    emptyValues,
    checkSignUpFields,
  );

  const markInvalid = (field: SignUpField, message: string) => setError(field, message);

  const signUp = useSignUp({
    onSuccess: (_data, { values }) => {
      toast.success('Check Your Email', {
        form: FORM,
        description: "We've sent you a verification link. Please check your email to verify your account.",
      });
      onSignedUp(values.email.trim());
    },
    onError: (error) => {
      if (error instanceof AuthError && error.code === 'USERNAME_IS_ALREADY_TAKEN') {
        const { title, message } = accountMessages.usernameTaken;
        toast.error(title, { description: message, form: FORM });
        markInvalid('username', message);
      } else if (error instanceof AuthError && error.code === 'VALIDATION_FAILED') {
        toast.error(error.title ?? 'Signup Failed', { description: error.message, form: FORM });
        if (isSignUpField(error.field)) markInvalid(error.field, error.message);
      } else {
        toast.error('Signup Failed', {
          form: FORM,
          description:
            error instanceof AuthError && error.message
              ? error.message
              : 'Failed to create account. Please try again.',
        });
      }
    },
  });

  const onSubmit = handleSubmit(
    (values) => {
      onSubmitted?.();
      signUp.mutate({ values, returnPath, invite });
    },
    () => toastFailedRule(checkSignUp, getValues(), FORM),
  );

  // POST: sent before the app has run (a prerendered screen, ADR 047), the fields go in a body the
  // server answers 204 and never reads, never into the URL, history and logs as a GET's query.
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField {...personFields.name.signUp} error={errors.name?.message} {...register('name')} />
      <TextField {...personFields.username} error={errors.username?.message} {...register('username')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Minimum 6 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        {...personFields.phone}
        placeholder="(555) 123-4567"
        hint="Used for friend connections, no SMS verification"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        {...personFields.venmoHandle}
        placeholder="@your-venmo"
        error={errors.venmoHandle?.message}
        {...register('venmoHandle')}
      />
      <div className="grid gap-2 py-1">
        <div className="flex items-center gap-3">
          <Checkbox
            id={ageId}
            {...checkbox('ageConfirmed')}
            aria-invalid={errors.ageConfirmed ? true : undefined}
            aria-describedby={errors.ageConfirmed ? `${ageId}-error` : undefined}
          />
          <Label htmlFor={ageId}>I am 18 or older</Label>
        </div>
        <FieldError id={`${ageId}-error`} message={errors.ageConfirmed?.message} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
