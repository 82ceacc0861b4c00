import { useRef, useState, type SyntheticEvent } from 'react';
import type { RuleFailure } from '#domain/account-rules.ts';
import { toast } from './toast.ts';

/** A rule of domain/account-rules.ts: the first failing check for a form's values, or null. */
export type RuleCheck<TValues> = (values: TValues) => RuleFailure | null;
/** Every field's first failing check, in the rules' order (e.g. `checkSignUpFields`). */
export type FieldsCheck<TValues> = (values: TValues) => RuleFailure[];

/** A form's invalid-submit handler: toast the first failing rule with its title (as `toastFirstRule` does). */
export function toastFailedRule<TValues>(check: RuleCheck<TValues>, values: TValues, form?: string): void {
  const failure = check(values);
  if (failure) toast.error(failure.title, { description: failure.message, form });
}

type FormValues = Record<string, string | boolean>;
/** The fields of a form that are text inputs (registered with `register`). */
type TextField<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
/** The fields of a form that are checkboxes (bound with `checkbox`). */
type CheckboxField<T> = { [K in keyof T]: T[K] extends boolean ? K : never }[keyof T] & string;

/**
 * react-hook-form's behaviour for a form of text fields and checkboxes over one rule function, without
 * its ~13 KiB gzip on a public page's first load (ADR 033, ADR 037): uncontrolled inputs;
 * nothing is checked until the first submit, then every change re-checks; an invalid submit focuses
 * the field in error; `setError` marks a field the server refused and focuses it. With `checkFields`,
 * every invalid field is marked at once (the first is focused); without it, only the first.
 */
export function useRuleForm<TValues extends FormValues>(
  check: RuleCheck<TValues>,
  defaults: TValues,
  checkFields?: FieldsCheck<TValues>,
) {
  const fields = useRef(new Map<string, HTMLElement>());
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const hasSubmitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<string, { message: string }>>>({});
  const [checked, setChecked] = useState<Partial<Record<string, boolean>>>({});
  // The latest checkbox values for getValues, which may run before a re-render.
  const checkedNow = useRef(checked);

  const getValues = (): TValues => {
    const values: FormValues = { ...defaults };
    for (const [name, input] of inputs.current) values[name] = input.value;
    for (const [name, value] of Object.entries(checkedNow.current)) {
      if (value !== undefined) values[name] = value;
    }
    // Built from `defaults` with each key's own kind of value (text from an input, a box's boolean).
    return values as TValues;
  };

  const validate = () => {
    const values = getValues();
    const failure = check(values);
    const failures = checkFields ? checkFields(values) : failure ? [failure] : [];
    setErrors(Object.fromEntries(failures.map(({ field, message }) => [field, { message }])));
    return failure;
  };

  const trackField = (name: string) => (element: HTMLElement | null) => {
    if (element) fields.current.set(name, element);
    else fields.current.delete(name);
  };

  const register = (name: TextField<TValues>) => ({
    name,
    defaultValue: String(defaults[name]),
    ref: (input: HTMLInputElement | null) => {
      trackField(name)(input);
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: () => {
      if (hasSubmitted.current) validate();
    },
  });

  /** Props for a controlled checkbox (our `Checkbox`). */
  const checkbox = (name: CheckboxField<TValues>) => ({
    name,
    ref: trackField(name),
    checked: checked[name] ?? defaults[name] === true,
    onCheckedChange: (value: boolean) => {
      checkedNow.current = { ...checkedNow.current, [name]: value };
      setChecked(checkedNow.current);
      if (hasSubmitted.current) validate();
    },
  });

  const setError = (name: keyof TValues & string, message: string) => {
    setErrors({ [name]: { message } });
    fields.current.get(name)?.focus();
  };

  const handleSubmit =
    (onValid: (values: TValues) => void, onInvalid: () => void) =>
    (event: SyntheticEvent<HTMLFormElement>) => {
      event.preventDefault();
      hasSubmitted.current = true;
      const failure = validate();
      if (!failure) {
        onValid(getValues());
        return;
      }
      fields.current.get(failure.field)?.focus();
      onInvalid();
    };

  return { register, checkbox, handleSubmit, getValues, setError, errors };
}
