import type { ComponentProps } from 'react';
import type { TextField } from './ui/text-field.tsx';

type FieldProps = Pick<
  ComponentProps<typeof TextField>,
  'label' | 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'
>;

/**
 * The person fields sign-up and Edit Profile both ask for, in one place so the two forms cannot drift: label,
 * input type and autofill hint. Each form spreads one of these into a TextField, with its own register(),
 * error and any screen-only placeholder or hint.
 */
export const personFields = {
  /** The spec names this field per screen: 'Full Name' on sign-up, 'Name' in Edit Profile. */
  name: {
    signUp: { label: 'Full Name', autoComplete: 'name' },
    editProfile: { label: 'Name', autoComplete: 'name' },
  },
  username: { label: 'Username', autoComplete: 'username', autoCapitalize: 'none', spellCheck: false },
  // A 10-digit US number (domain/account-rules.ts): `tel-national` autofills it without the +1 country code,
  // which would make it 11 digits.
  phone: { label: 'Phone Number', type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' },
  venmoHandle: { label: 'Venmo Handle', autoCapitalize: 'none', spellCheck: false },
} as const satisfies {
  name: { signUp: FieldProps; editProfile: FieldProps };
  username: FieldProps;
  phone: FieldProps;
  venmoHandle: FieldProps;
};
