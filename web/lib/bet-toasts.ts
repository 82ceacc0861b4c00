import { apiErrorMessage } from './api-error.ts';
import { toast } from './toast.ts';

/** One bet's actions are one form for toasts: a success on the bet clears its earlier errors (lib/toast.ts). */
export function betToastForm(betId: string): string {
  return `bet:${betId}`;
}

type BetErrorToast = { title?: string; fallback?: string; form?: string };

/** A refused or failed bet action: the server's message, else the action's fallback (spec section 8). */
export function toastBetError(
  error: Error,
  { title = 'Error', fallback = 'Please try again.', form }: BetErrorToast = {},
): void {
  toast.error(title, { description: apiErrorMessage(error, fallback), form });
}
