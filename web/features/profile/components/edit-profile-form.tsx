import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import {
  editProfileFormSchema,
  type EditProfileFormValues,
  type MyProfile,
} from '#domain/profiles.ts';
import { personFields } from '#web/components/person-fields.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError, apiErrorMessage } from '#web/lib/api-error.ts';
import { toastFirstRule } from '#web/lib/form-rules.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** The toasts of this form (lib/toast.ts: a success clears its errors). */
const FORM = 'edit-profile';

const fieldNames = ['name', 'username', 'phone', 'venmoHandle', 'cashtag', 'paypalMe'] as const;
type FieldName = (typeof fieldNames)[number];

function isFieldName(value: string): value is FieldName {
  return fieldNames.some((name) => name === value);
}

type EditProfileFormProps = { profile: MyProfile; onDone: () => void };

export function EditProfileForm({ profile, onDone }: EditProfileFormProps) {
  const defaultValues: EditProfileFormValues = {
    name: profile.name,
    username: profile.username,
    phone: profile.phone,
    venmoHandle: profile.venmoHandle,
    // Shown as the payer will type it; stored without '$'.
    cashtag: profile.cashtag === null ? '' : `$${profile.cashtag}`,
    paypalMe: profile.paypalMe ?? '',
  };
  const { register, handleSubmit, getValues, setError, formState } = useForm({
    resolver: zodResolver(editProfileFormSchema),
    defaultValues,
  });
  const { errors } = formState;
  const markInvalid = (field: FieldName, message: string) =>
    setError(field, { type: 'server', message }, { shouldFocus: true });

  const update = useUpdateProfile({
    onSuccess: () => {
      toast.success('Profile Updated', { form: FORM });
      onDone();
    },
    onError: (error) => {
      toast.error('Update failed', { description: apiErrorMessage(error, 'Please try again.'), form: FORM });
      // Point at the field the server refused (a taken username, a rule it re-checked).
      if (error instanceof ApiError) {
        if (error.code === 'USERNAME_TAKEN') markInvalid('username', error.message);
        for (const issue of error.issues) {
          if (isFieldName(issue.path)) markInvalid(issue.path, issue.message);
        }
      }
    },
  });

  const onSubmit = handleSubmit(
    (values) => update.mutate(values),
    () => toastFirstRule(editProfileFormSchema, getValues(), FORM),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField {...personFields.name.editProfile} error={errors.name?.message} {...register('name')} />
      <TextField {...personFields.username} error={errors.username?.message} {...register('username')} />
      <TextField {...personFields.phone} error={errors.phone?.message} {...register('phone')} />
      <TextField {...personFields.venmoHandle} error={errors.venmoHandle?.message} {...register('venmoHandle')} />
      <TextField
        label="Cash App $cashtag"
        placeholder="$yourcashtag"
        hint="Optional"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        error={errors.cashtag?.message}
        {...register('cashtag')}
      />
      <TextField
        label="PayPal.me username"
        placeholder="yourname"
        hint="Optional"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        error={errors.paypalMe?.message}
        {...register('paypalMe')}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
