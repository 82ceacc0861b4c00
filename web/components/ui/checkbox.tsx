import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A checkbox in the shadcn style: a native `<input type="checkbox">` drawn with `appearance-none`, the check
 * mark a background (the `check-mark` utility in index.css). Not Radix Checkbox: it and its Presence were
 * ~5.5 KiB gzip of the sign-up page's first load (issue 23), and the native box is a checkbox to every
 * browser, screen reader and form already. It is the `peer` of the Label after it (`peer-disabled:`).
 */
export function Checkbox({ className, checked, onCheckedChange, ref, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      ref={(input) => {
        // A box on a prerendered screen (ADR 047) can be ticked before the app runs, and hydration leaves the
        // tick on screen: adopt it, or the form would refuse what the visitor sees as ticked. (React sets a
        // controlled box's DOM state before refs attach, so otherwise the two agree.)
        if (input && checked !== undefined && input.checked !== checked) onCheckedChange?.(input.checked);
        if (typeof ref === 'function') return ref(input);
        if (ref) ref.current = input;
        return undefined;
      }}
      checked={checked}
      className={cn(
        'peer size-5 shrink-0 cursor-default appearance-none rounded-[5px] border border-input bg-card shadow-xs transition-shadow outline-none',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'checked:check-mark checked:border-primary checked:bg-primary',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        className,
      )}
      onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
      {...props}
    />
  );
}
