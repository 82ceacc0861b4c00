import { useId, type KeyboardEvent } from 'react';

type ChoiceGroupProps<T extends string> = {
  label: string;
  options: readonly { value: T; label: string }[];
  /** The checked option; null before anything is chosen. */
  value: T | null;
  onChange: (value: T) => void;
};

/**
 * A row of mutually exclusive choices as radio buttons (a pot's kind, who decides it, a pick): one tab
 * stop (the checked one, else the first), and the arrow keys move and check, as a native radio group does.
 */
export function ChoiceGroup<T extends string>({ label, options, value, onChange }: ChoiceGroupProps<T>) {
  const labelId = useId();
  const checked = options.findIndex((option) => option.value === value);
  const tabStop = checked === -1 ? 0 : checked;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined || options.length === 0) return;
    event.preventDefault();
    const next = (tabStop + step + options.length) % options.length;
    const option = options[next];
    if (!option) return;
    onChange(option.value);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };
  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm leading-none font-medium">
        {label}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="flex flex-wrap gap-2" onKeyDown={onKeyDown}>
        {options.map((option, index) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            tabIndex={index === tabStop ? 0 : -1}
            aria-checked={value === option.value}
            className="rounded-lg border bg-card px-3 py-2 text-sm font-medium shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-checked:border-primary aria-checked:bg-primary aria-checked:text-primary-foreground"
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
