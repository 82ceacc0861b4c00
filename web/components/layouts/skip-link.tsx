import type { MouseEvent } from 'react';

/**
 * The first thing a keyboard user reaches on every screen: hidden until focused,
 * it moves focus past the header to the screen's <main>, whichever layout drew it.
 */
export function SkipLink() {
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // Every layout's <main> is #main with tabIndex -1. Handled here, not by the browser: a fragment
    // navigation would add a history entry (Back would only scroll) and the router would see a new location.
    const main = document.getElementById('main');
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a
      href="#main"
      onClick={skipToMain}
      // Moved above the screen, not sr-only: not-sr-only would also reset its padding.
      className="fixed top-2 left-2 z-50 -translate-y-20 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg outline-none focus:translate-y-0 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      Skip to content
    </a>
  );
}
