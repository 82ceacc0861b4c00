import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { RuleCheck } from './rule-form.ts';

/**
 * A react-hook-form resolver over a plain rule function: what `zodResolver`
 * over the rule's schema in domain/users.ts does (one error, on the failing
 * field, typed 'custom'), without loading zod on the public pages.
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
