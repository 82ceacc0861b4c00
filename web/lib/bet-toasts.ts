import { limitMessages } from '#domain/limit-rules.ts';
import { ApiError, apiErrorMessage } from './api-error.ts';
import { toast } from './toast.ts';

/** One bet's actions are one form for toasts: a success on the bet clears its earlier errors (lib/toast.ts). */
export function betToastForm(betId: string): string {
  return `bet:${betId}`;
}

/** A bet refused for the weekly loss limit says so in its title; any other failure keeps the screen's. */
export function betErrorTitle(error: Error, title: string): string {
  return error instanceof ApiError && error.code === 'LIMIT_REACHED' ? limitMessages.reachedTitle : title;
}

type BetErrorToast = { title?: string; fallback?: string; form?: string };

/** A refused or failed bet action: the server's message, else the action's fallback (spec section 8). */
export function toastBetError(
  error: Error,
  { title = 'Error', fallback = 'Please try again.', form }: BetErrorToast = {},
): void {
  toast.error(betErrorTitle(error, title), { description: apiErrorMessage(error, fallback), form });
}
