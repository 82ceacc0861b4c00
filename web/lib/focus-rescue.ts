/*
 * ADR 032: after an action removes the focused button ('Accept' turns into 'I Won', 'Request Void'
 * into 'Cancel', a dialog's opener is replaced while it is open), the browser drops focus to <body> and a
 * keyboard or screen-reader user starts again from the top of the page. Markup names where focus should go
 * instead with `data-focus-home`:
 *   data-focus-home="actions"  a group of actions: its first enabled control (the new state's next action);
 *   data-focus-home="card"     a card with tabIndex={-1}: the card itself;
 *   data-focus-home="list"     a list of cards with tabIndex={-1} (a section named by its heading): the card
 *                              that took the lost card's place (the next one), else the last, else the list.
 * The innermost home of the lost element that is still on the page and can take focus wins. A home with a
 * `data-focus-key` is found again by it when it has been re-drawn elsewhere (a bet moving from 'Pending
 * Bets' to 'Active Bets' is a new card in another list).
 */

const HOME = '[data-focus-home]';
const CARD = '[data-focus-home="card"]';
const CONTROL =
  'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** A home, and for a list the place of the card that held focus (to find the next card when it goes). */
export type FocusHome = { element: HTMLElement; index: number };

const cardsOf = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>(CARD)];

/** The homes around `element`, innermost first, to remember while it still has ancestors. */
export function focusHomesOf(element: Element | null): FocusHome[] {
  const homes: FocusHome[] = [];
  const card = element?.closest<HTMLElement>(CARD) ?? null;
  let home = element?.closest<HTMLElement>(HOME) ?? null;
  while (home) {
    homes.push({
      element: home,
      index: card && home.dataset.focusHome === 'list' ? cardsOf(home).indexOf(card) : -1,
    });
    home = home.parentElement?.closest<HTMLElement>(HOME) ?? null;
  }
  return homes;
}

function targetIn(home: HTMLElement, index: number): HTMLElement | null {
  switch (home.dataset.focusHome) {
    case 'card':
      return home;
    case 'list': {
      const cards = cardsOf(home);
      return cards[Math.min(index, cards.length - 1)] ?? home;
    }
    default:
      return home.querySelector<HTMLElement>(CONTROL);
  }
}

/**
 * Focuses the first of `homes` that is still on the page and can take it, else the screen's <main> when
 * the lost element was in it; false when nothing took focus.
 */
export function focusNearestHome(homes: readonly FocusHome[]): boolean {
  for (const { element, index } of homes) {
    const home = element.isConnected ? element : redrawn(element);
    const target = home ? targetIn(home, index) : null;
    if (!target) continue;
    target.focus();
    if (document.activeElement === target) return true;
  }
  const main = document.getElementById('main');
  if (homes.length === 0 || !main) return false;
  main.focus();
  return document.activeElement === main;
}

function redrawn(home: HTMLElement): HTMLElement | null {
  const { focusHome, focusKey } = home.dataset;
  if (!focusHome || !focusKey) return null;
  return document.querySelector<HTMLElement>(
    `[data-focus-home="${CSS.escape(focusHome)}"][data-focus-key="${CSS.escape(focusKey)}"]`,
  );
}

const isFocusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Gives focus back to `element` once it can take it: when a busy button is enabled again, or, when it has
 * gone meanwhile (replaced by the action's result), to its nearest home. Only while focus is still lost: a
 * user who has moved on keeps their place. Stops watching after a minute.
 */
export function returnFocusWhenSettled(element: HTMLElement, homes: readonly FocusHome[]): void {
  const observer = new MutationObserver(() => void settle());
  const timer = setTimeout(() => observer.disconnect(), 60_000);
  function settle(): boolean {
    if (element.isConnected && element.matches(':disabled')) return false;
    observer.disconnect();
    clearTimeout(timer);
    if (!isFocusLost()) return true;
    if (element.isConnected) element.focus();
    else focusNearestHome(homes);
    return true;
  }
  if (settle()) return;
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
}

/**
 * Watches the whole document: when the focused element leaves the page and focus falls to <body>, moves it
 * to the nearest home of that element. A busy button is disabled meanwhile (Chromium then drops focus to
 * <body> too): that waits for the request, then focus goes back to the button or, if it is gone, home.
 * Returns the function that stops watching.
 */
export function watchFocusLoss(): () => void {
  let last: HTMLElement | null = null;
  let homes: FocusHome[] = [];
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
  const rescue = () => {
    if (!last || !isFocusLost()) return;
    if (!last.isConnected) focusNearestHome(homes);
    else if (!last.matches(':disabled')) last.focus();
  };
  // A dialog moves focus in its own close handler, after its content has gone: check after that.
  let scheduled = false;
  const observer = new MutationObserver(() => {
    if (scheduled || !last || !isFocusLost()) return;
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
