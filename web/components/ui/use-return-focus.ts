import { useLayoutEffect, useRef } from 'react';
import {
  focusHomesOf,
  focusNearestHome,
  returnFocusWhenSettled,
  type FocusHome,
} from '#web/lib/focus-rescue.ts';

type AutoFocusHandler = (event: Event) => void;

const openerOf = (element: Element | null) =>
  element instanceof HTMLElement && element !== document.body
    ? { element, homes: focusHomesOf(element) }
    : null;

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
  // What had focus in the commit that opened the dialog, not when Radix moves focus in: that is a passive
  // effect, which may run after a paint, and a Tab pressed in between had moved focus on, so
  // closing the dialog returned focus to the next control instead of its opener (e2e keyboard journey).
  useLayoutEffect(() => {
    opener.current = openerOf(document.activeElement);
  }, []);
  return {
    onOpenAutoFocus: (event) => {
      opener.current ??= openerOf(document.activeElement);
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener.current) return;
      const { element, homes } = opener.current;
      if (element.isConnected && !element.matches(':disabled')) {
        event.preventDefault();
        element.focus();
      } else if (element.isConnected) {
        // Busy with the dialog's action ('Request Void' while the request is out): its result decides where
        // focus belongs, the button again or what replaced it. Taking the group's next enabled action now
        // left focus on 'I Won' once the request came back (e2e keyboard journey, under load).
        event.preventDefault();
        returnFocusWhenSettled(element, homes);
      } else if (focusNearestHome(homes)) event.preventDefault();
    },
  };
}
