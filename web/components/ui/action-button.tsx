import { LoaderCircle, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from './button.tsx';

type ActionButtonProps = ComponentProps<typeof Button> & {
  icon?: LucideIcon;
  /** This button's request is running: it shows a spinner and is disabled. */
  isBusy?: boolean;
};

/** A bet action. The label stays put while busy, so the card doesn't jump and tests find it by name. */
export function ActionButton({
  icon: Icon,
  isBusy = false,
  disabled,
  children,
  ...props
}: ActionButtonProps) {
  return (
    <Button size="sm" disabled={isBusy || disabled} aria-busy={isBusy || undefined} {...props}>
      {isBusy ? <LoaderCircle className="animate-spin" aria-hidden /> : Icon ? <Icon aria-hidden /> : null}
      {children}
    </Button>
  );
}
