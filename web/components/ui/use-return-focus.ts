import { useRef } from 'react';
import { focusHomesOf, focusNearestHome, type FocusHome } from '../../lib/focus-rescue.ts';

type AutoFocusHandler = (event: Event) => void;

/**
 * Radix returns focus only to a Dialog.Trigger; dialogs opened from state (a row's button, another
 * dialog) would drop it to <body>, so keyboard users lose their place. This remembers what had focus
 * when the dialog opened and goes back to it, or, when an action has replaced it meanwhile (the
 * void dialog's 'Request Void' turns into 'Cancel'), to its card or the card's next action.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: AutoFocusHandler | undefined;
  onCloseAutoFocus?: AutoFocusHandler | undefined;
}): { onOpenAutoFocus: AutoFocusHandler; onCloseAutoFocus: AutoFocusHandler } {
  const opener = useRef<{ element: HTMLElement; homes: FocusHome[] } | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      const element = document.activeElement;
      opener.current =
        element instanceof HTMLElement && element !== document.body
          ? { element, homes: focusHomesOf(element) }
          : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener.current) return;
      const { element, homes } = opener.current;
      if (element.isConnected && !element.matches(':disabled')) {
        event.preventDefault();
        element.focus();
      } else if (focusNearestHome(homes)) event.preventDefault();
    },
  };
}
