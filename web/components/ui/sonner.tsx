import { useEffect, useState, type CSSProperties } from 'react';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the Toaster itself, loaded lazily by lazy-toaster.tsx
import { Toaster as Sonner } from 'sonner';

/** At most this many toasts show at once; older ones wait (hidden) or time out. */
const VISIBLE_TOASTS = 2;

type Side = 'top' | 'bottom';

/** Room a stack of toasts takes at either edge (one toast plus the peek of the next), in CSS pixels. */
const TOAST_STACK_PX = 110;
/** The bottom offset above the navigation bar, as in the Toaster below (4rem + 8px). */
const BOTTOM_OFFSET_PX = 72;
const TOP_OFFSET_PX = 8;

/**
 * What a toast must keep clear of: the focused control and, inside a form, the
 * form's submit button, the next thing the user taps after reading an error.
 * (A toast over 'Create Account' took the tap, and hovering it paused its timer.)
 */
function keepClearRects(focused: HTMLElement): DOMRect[] {
  const rects = [focused.getBoundingClientRect()];
  const submit = focused
    .closest('form')
    ?.querySelector<HTMLElement>('button[type="submit"], button:not([type])');
  if (submit && submit !== focused) rects.push(submit.getBoundingClientRect());
  return rects;
}

function zone(side: Side): { top: number; bottom: number } {
  if (side === 'top') return { top: TOP_OFFSET_PX, bottom: TOP_OFFSET_PX + TOAST_STACK_PX };
  const bottom = window.innerHeight - BOTTOM_OFFSET_PX;
  return { top: bottom - TOAST_STACK_PX, bottom };
}

function isClear(side: Side, rects: DOMRect[]): boolean {
  const { top, bottom } = zone(side);
  return rects.every((rect) => rect.bottom <= top || rect.top >= bottom);
}

/**
 * Where toasts go so they never cover the focused control or its form's submit
 * button: just above the bottom navigation when that is clear, else at the top
 * when that is; if neither is, away from the focused control. With focus gone to
 * the page (a button that disabled itself while busy) the last side stays, so a
 * failure toast lands where the user was looking.
 */
function sideAwayFromFocus(previous: Side): Side {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return previous;
  // Focus inside a toast (its close button) must not move the toast away from under it.
  if (focused.closest('[data-sonner-toaster]')) return previous;
  const rects = keepClearRects(focused);
  if (isClear('bottom', rects)) return 'bottom';
  if (isClear('top', rects)) return 'top';
  const rect = focused.getBoundingClientRect();
  return rect.top + rect.height / 2 > window.innerHeight / 2 ? 'top' : 'bottom';
}

/**
 * The side, following focus. A tap moves focus on its press: toasts moved then would land under the finger
 * and take its release, so the tap was lost (a tap on the navigation's 'Bet' with a toast up went nowhere).
 * While a pointer is down the move waits for the tap to end.
 */
function useSideAwayFromFocus(): Side {
  const [side, setSide] = useState<Side>(() => sideAwayFromFocus('bottom'));
  useEffect(() => {
    let pressed = false;
    let waiting = false;
    const update = () => {
      if (pressed) waiting = true;
      else setSide(sideAwayFromFocus);
    };
    const press = () => {
      pressed = true;
    };
    // After the tap's click, which follows its release in the same task.
    const release = () => {
      pressed = false;
      if (!waiting) return;
      waiting = false;
      setTimeout(update, 0);
    };
    window.addEventListener('pointerdown', press, { capture: true });
    window.addEventListener('pointerup', release, { capture: true });
    window.addEventListener('pointercancel', release, { capture: true });
    document.addEventListener('focusin', update);
    window.addEventListener('scroll', update, { passive: true, capture: true });
    window.addEventListener('resize', update);
    window.visualViewport?.addEventListener('resize', update);
    return () => {
      window.removeEventListener('pointerdown', press, { capture: true });
      window.removeEventListener('pointerup', release, { capture: true });
      window.removeEventListener('pointercancel', release, { capture: true });
      document.removeEventListener('focusin', update);
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
      window.visualViewport?.removeEventListener('resize', update);
    };
  }, []);
  return side;
}

// Sonner's rich text colours are 3.1:1 (warning) to 4.4:1 (error) on their tints; WCAG AA needs 4.5:1
//. The same hues, darker: 5.3:1 or more on the same backgrounds.
const accessibleColours: CSSProperties & Record<`--${string}`, string> = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--error-text': 'hsl(360, 100%, 40%)',
  '--warning-text': 'hsl(31, 92%, 33%)',
  '--info-text': 'hsl(210, 92%, 38%)',
};

/**
 * The app's single toast outlet; rich colours make failure toasts red. Toasts
 * sit just above the bottom navigation (at the top they covered the header's
 * buttons for their whole lifetime on phones), or at the top while the focused
 * control is low on the screen.
 */
export function Toaster() {
  const side = useSideAwayFromFocus();
  return (
    <Sonner
      position={side === 'top' ? 'top-center' : 'bottom-center'}
      offset={{ bottom: 'calc(4rem + 8px)', top: '8px' }}
      mobileOffset={{ bottom: 'calc(4rem + env(safe-area-inset-bottom) + 8px)', top: '8px' }}
      visibleToasts={VISIBLE_TOASTS}
      richColors
      closeButton
      duration={5000}
      style={accessibleColours}
      // The app is left-to-right (index.html has no dir). Without it sonner reads the document's computed
      // direction as it mounts, a forced style recalculation of the whole page (~25-100 ms at 4x CPU).
      dir="ltr"
    />
  );
}
