import { useRef, useState, type SyntheticEvent } from 'react';
import type { RuleFailure } from '../../domain/account-rules.ts';
import { toast } from './toast.ts';

/** A rule of domain/account-rules.ts: the first failing check for a form's values, or null. */
export type RuleCheck<TValues> = (values: TValues) => RuleFailure | null;

/** A form's invalid-submit handler: toast the first failing rule with its title (as `toastFirstRule` does). */
export function toastFailedRule<TValues>(check: RuleCheck<TValues>, values: TValues, form?: string): void {
  const failure = check(values);
  if (failure) toast.error(failure.title, { description: failure.message, form });
}

/**
 * react-hook-form's behaviour for a small form of text fields over one rule function, without its
 * ~13 KiB gzip on a public page's first load (issue 13, ADR 033): uncontrolled inputs; nothing is
 * checked until the first submit, then every change re-checks; an invalid submit focuses the field
 * in error. Forms with more than text fields keep react-hook-form.
 */
export function useRuleForm<K extends string>(
  check: RuleCheck<Record<K, string>>,
  defaults: Record<K, string>,
) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const hasSubmitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<string, { message: string }>>>({});

  const getValues = (): Record<K, string> => {
    const values = { ...defaults };
    for (const name of Object.keys(defaults) as K[]) {
      const input = inputs.current.get(name);
      if (input) values[name] = input.value;
    }
    return values;
  };

  const validate = () => {
    const failure = check(getValues());
    setErrors(failure ? { [failure.field]: { message: failure.message } } : {});
    return failure;
  };

  const register = (name: K) => ({
    name,
    defaultValue: defaults[name],
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: () => {
      if (hasSubmitted.current) validate();
    },
  });

  const handleSubmit =
    (onValid: (values: Record<K, string>) => void, onInvalid: () => void) =>
    (event: SyntheticEvent<HTMLFormElement>) => {
      event.preventDefault();
      hasSubmitted.current = true;
      const failure = validate();
      if (!failure) {
        onValid(getValues());
        return;
      }
      inputs.current.get(failure.field)?.focus();
      onInvalid();
    };

  return { register, handleSubmit, getValues, errors };
}
