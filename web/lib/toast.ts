import type * as SonnerModule from 'sonner';

type SonnerOptions = NonNullable<Parameters<typeof SonnerModule.toast.success>[1]>;

export type ToastOptions = SonnerOptions & {
  /**
   * The form (or card, or dialog) the toast speaks for. A success of a form
   * dismisses that form's error toasts: the error is answered.
   */
  form?: string;
};

let sonner: Promise<typeof SonnerModule> | undefined;
const toasterWanted = new Set<() => void>();
/** The error toasts still possibly shown, per form. */
const errorsByForm = new Map<string, Array<string | number>>();

/** Sonner (its toast state and the Toaster) is its own chunk, loaded after the page works. */
export function loadSonner(): Promise<typeof SonnerModule> {
  sonner ??= import('sonner');
  return sonner;
}

/** The app's Toaster mounts once a toast is asked for (or the page is idle); see components/ui/lazy-toaster.tsx. */
export function onToasterWanted(listener: () => void): () => void {
  toasterWanted.add(listener);
  return () => toasterWanted.delete(listener);
}

function show(kind: 'success' | 'error', message: string, options: ToastOptions = {}): void {
  const { form, ...sonnerOptions } = options;
  for (const listener of toasterWanted) listener();
  void loadSonner().then(({ toast: sonnerToast }) => {
    if (form !== undefined && kind === 'success') {
      for (const id of errorsByForm.get(form) ?? []) sonnerToast.dismiss(id);
      errorsByForm.delete(form);
    }
    const id = sonnerToast[kind](message, sonnerOptions);
    if (form !== undefined && kind === 'error')
      errorsByForm.set(form, [...(errorsByForm.get(form) ?? []), id]);
  });
}

/**
 * `toast.success` / `toast.error` as sonner has them, plus `form` (see
 * ToastOptions), for every toast of the app: importing 'sonner' on the public
 * pages' first load would put all of it (~7 KiB gzip) into that load. The toast
 * shows once the chunk is in (sonner replays toasts created before its Toaster
 * subscribed).
 */
export const toast = {
  success: (message: string, options?: ToastOptions): void => show('success', message, options),
  error: (message: string, options?: ToastOptions): void => show('error', message, options),
};
