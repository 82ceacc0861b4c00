import { toast } from '#web/lib/toast.ts';

export function toastInvalidResetLink(): void {
  // A fixed id, so StrictMode's second effect run replaces the toast instead of stacking one.
  toast.error('Invalid Reset Link', {
    id: 'invalid-reset-link',
    description: 'This password reset link is invalid or has expired.',
  });
}
