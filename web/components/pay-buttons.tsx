import { ExternalLink } from 'lucide-react';
import { betMessages } from '#domain/bet-rules.ts';
import { payAppLabels, payLinks, type PayeeApps } from '#domain/pay-link.ts';
import { toast, type ToastOptions } from '../lib/toast.ts';
import { Button, type ButtonProps } from './ui/button.tsx';

type PayButtonsProps = {
  payee: PayeeApps;
  /** Whole dollars: every link pays exactly this. */
  amount: number;
  /** Venmo's note (the other apps' links carry none). */
  note: string;
  size?: ButtonProps['size'];
  /** Each button shares the row's width (Button's `grow`). */
  grow?: boolean;
  className?: string;
  /** The form the 'No Venmo handle' toast speaks for. */
  toastForm?: ToastOptions['form'];
};

/**
 * 'Pay with Venmo', 'Pay with Cash App', 'Pay with PayPal': one link per app the payee has, in that order
 * (ADR 056). A fragment of buttons, so the caller lays them out beside its 'Mark Paid'.
 */
export function PayButtons({
  payee,
  amount,
  note,
  size = 'sm',
  grow,
  className,
  toastForm,
}: PayButtonsProps) {
  const links = payLinks(payee, { amount, note });
  if (links.length === 0) {
    // No app at all: still offered, so the payer learns why they can't pay here rather than seeing nothing.
    const { title, message } = betMessages.noVenmoHandle;
    return (
      <Button
        size={size}
        grow={grow}
        className={className}
        onClick={() => toast.error(title, { description: message, form: toastForm })}
      >
        <ExternalLink aria-hidden />
        {payAppLabels.venmo}
      </Button>
    );
  }
  return (
    <>
      {links.map((link, index) => (
        // The first app is the primary action; the others read as alternatives beside it.
        <Button
          key={link.app}
          asChild
          size={size}
          variant={index === 0 ? 'default' : 'secondary'}
          grow={grow}
          className={className}
        >
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            {link.label}
          </a>
        </Button>
      ))}
    </>
  );
}
