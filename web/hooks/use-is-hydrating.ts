import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * True while the server renders and while the browser hydrates that markup (ADR 067), false in every other
 * render; the caller renders again once hydrated. For a state the server cannot know (this tab's
 * sessionStorage): read it once hydrated, so hydration meets the markup the server made without it.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => false,
    () => true,
  );
}
