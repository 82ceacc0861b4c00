import { toast } from 'sonner';
import { apiErrorMessage } from '../../../lib/api-error.ts';

/** A refused or failed bet action: the server's message, else the action's fallback (spec section 8). */
export function toastBetError(error: Error, { title = 'Error', fallback = 'Please try again.' } = {}): void {
  toast.error(title, { description: apiErrorMessage(error, fallback) });
}
