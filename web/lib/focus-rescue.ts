/*
 * Issue 13, point 6: after an action removes the focused button ('Accept' turns into 'I Won', 'Request Void'
 * into 'Cancel', a dialog's opener is replaced while it is open), the browser drops focus to <body> and a
 * keyboard or screen-reader user starts again from the top of the page. Markup names where focus should go
 * instead with `data-focus-home`:
 *   data-focus-home="actions"  a group of actions: its first enabled control (the new state's next action);
 *   data-focus-home="card"     a card with tabIndex={-1}: the card itself.
 * The innermost home of the lost element that is still on the page and can take focus wins. A home with a
 * `data-focus-key` is found again by it when it has been re-drawn elsewhere (a bet moving from 'Pending
 * Bets' to 'Active Bets' is a new card in another list).
 */

const HOME = '[data-focus-home]';
const CONTROL =
  'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** The homes around `element`, innermost first, to remember while it still has ancestors. */
export function focusHomesOf(element: Element | null): HTMLElement[] {
  const homes: HTMLElement[] = [];
  let home = element?.closest<HTMLElement>(HOME) ?? null;
  while (home) {
    homes.push(home);
    home = home.parentElement?.closest<HTMLElement>(HOME) ?? null;
  }
  return homes;
}

/** Focuses the first of `homes` that is still on the page and can take it; false when none can. */
export function focusNearestHome(homes: readonly HTMLElement[]): boolean {
  for (const remembered of homes) {
    const home = remembered.isConnected ? remembered : redrawn(remembered);
    if (!home) continue;
    const target = home.dataset.focusHome === 'card' ? home : home.querySelector<HTMLElement>(CONTROL);
    if (!target) continue;
    target.focus();
    if (document.activeElement === target) return true;
  }
  return false;
}

function redrawn(home: HTMLElement): HTMLElement | null {
  const { focusHome, focusKey } = home.dataset;
  if (!focusHome || !focusKey) return null;
  return document.querySelector<HTMLElement>(
    `[data-focus-home="${CSS.escape(focusHome)}"][data-focus-key="${CSS.escape(focusKey)}"]`,
  );
}

/**
 * Watches the whole document: when the focused element leaves the page and focus falls to <body>, moves it
 * to the nearest home of that element. A busy button is disabled meanwhile (Chromium then drops focus to
 * <body> too): that waits for the request, then focus goes back to the button or, if it is gone, home.
 * Returns the function that stops watching.
 */
export function watchFocusLoss(): () => void {
  let last: HTMLElement | null = null;
  let homes: HTMLElement[] = [];
  const onFocusIn = (event: FocusEvent) => {
    last = event.target instanceof HTMLElement ? event.target : null;
    homes = focusHomesOf(last);
  };
  // Focus that left on purpose (a tap on empty space, another window) is not lost: forget the element.
  // Checked a moment later, once a removal or `disabled` that caused the focusout has landed.
  const onFocusOut = (event: FocusEvent) => {
    const element = event.target;
    setTimeout(() => {
      if (
        element instanceof HTMLElement &&
        element === last &&
        element.isConnected &&
        !element.matches(':disabled')
      )
        last = null;
    }, 0);
  };
  const hasLostFocus = () => document.activeElement === null || document.activeElement === document.body;
  const rescue = () => {
    if (!last || !hasLostFocus()) return;
    if (!last.isConnected) focusNearestHome(homes);
    else if (!last.matches(':disabled')) last.focus();
  };
  // A dialog moves focus in its own close handler, after its content has gone: check after that.
  let scheduled = false;
  const observer = new MutationObserver(() => {
    if (scheduled || !last || !hasLostFocus()) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      rescue();
    });
  });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}
