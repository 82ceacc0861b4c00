import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldValues, Resolver } from 'react-hook-form';
import { toast } from './toast.ts';
import type { RuleFailure } from '../../domain/account-rules.ts';

/** A rule of domain/account-rules.ts: the first failing check for a form's values, or null. */
export type RuleCheck<TValues> = (values: TValues) => RuleFailure | null;

/**
 * A react-hook-form resolver over a plain rule function: what `zodResolver`
 * over the rule's schema in domain/users.ts does (one error, on the failing
 * field, typed 'custom'), without loading zod on the public pages (issue 13).
 */
export function ruleResolver<TValues extends FieldValues>(check: RuleCheck<TValues>): Resolver<TValues> {
  return (values, _context, options) => {
    const failure = check(values);
    if (!failure) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values, errors: {} };
    }
    const errors = { [failure.field]: { type: 'custom', message: failure.message } };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** A form's invalid-submit handler: toast the first failing rule with its title (as `toastFirstRule` does). */
export function toastFailedRule<TValues>(check: RuleCheck<TValues>, values: TValues, form?: string): void {
  const failure = check(values);
  if (failure) toast.error(failure.title, { description: failure.message, form });
}
