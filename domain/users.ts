import { z } from 'zod';
import {
  checkForgotPassword,
  checkLogin,
  checkResetPassword,
  checkSignUp,
  digitsOnly,
  normalizeVenmoHandle,
  USER_ID_PATTERN,
  type RuleFailure,
} from './account-rules.ts';
import { normalizeText } from './text.ts';

// The rules themselves live in account-rules.ts (no zod there); this module adds their schemas.
export * from './account-rules.ts';

export const userIdSchema = z.string().regex(USER_ID_PATTERN, 'User not found.');

/** Turns a rule check into a zod refinement, so one function feeds both sides. */
export function refineWith<T, TField extends string>(check: (value: T) => RuleFailure<TField> | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const failure = check(value);
    if (failure) {
      ctx.addIssue({
        code: 'custom',
        path: [failure.field],
        message: failure.message,
        params: { title: failure.title },
      });
    }
  };
}

export const signUpFormSchema = z
  .object({
    name: z.string(),
    username: z.string(),
    email: z.string(),
    password: z.string(),
    phone: z.string(),
    venmoHandle: z.string(),
    ageConfirmed: z.boolean(),
  })
  .superRefine(refineWith(checkSignUp));
export type SignUpFormValues = z.input<typeof signUpFormSchema>;

/** What the server stores: NFC and trimmed (ADR 050), phone as digits, handle without '@'. */
export const signUpInputSchema = signUpFormSchema.transform((value) => ({
  name: normalizeText(value.name),
  username: normalizeText(value.username),
  email: normalizeText(value.email).toLowerCase(),
  password: value.password,
  phone: digitsOnly(value.phone),
  venmoHandle: normalizeVenmoHandle(value.venmoHandle),
}));
export type SignUpInput = z.output<typeof signUpInputSchema>;

export const loginFormSchema = z
  .object({ identifier: z.string(), password: z.string() })
  .superRefine(refineWith(checkLogin));
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const forgotPasswordFormSchema = z
  .object({ email: z.string() })
  .superRefine(refineWith(checkForgotPassword));
export type ForgotPasswordFormValues = z.input<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine(refineWith(checkResetPassword));
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

/** Reads the title a rule attached to a zod issue (falls back to a generic one). */
export function issueTitle(issue: z.core.$ZodIssue | undefined): string {
  const params: Record<string, unknown> | undefined = issue && 'params' in issue ? issue.params : undefined;
  const title = params?.['title'];
  return typeof title === 'string' ? title : 'Error';
}
