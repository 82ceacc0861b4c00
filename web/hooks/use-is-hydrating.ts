import { startTransition, useEffect, useState } from 'react';
import { isHydratingScreen } from '#web/lib/router/router.tsx';

/**
 * True while the server renders and while the browser hydrates that markup (ADR 067), false in every other
 * render; the caller renders again once hydrated. For a state the server cannot know (this tab's
 * sessionStorage): read it once hydrated, so hydration meets the markup the server made without it.
 *
 * That render is a transition, so what the screen adds once hydrated (the profile's lists, /home's draft)
 * renders in slices between the browser's other work. With `useSyncExternalStore` (a snapshot of `true` for
 * the server, `false` for the browser) React rendered it as a blocking update right after hydration, in one
 * long task (ADR 068). For the screen's own components, not for a lazy part inside it that hydrates once its
 * chunk is in (after the screen: web/lib/router/router.tsx).
 */
export function useIsHydrating(): boolean {
  const [isHydrating, setIsHydrating] = useState(isHydratingScreen);
  useEffect(() => {
    if (isHydrating) startTransition(() => setIsHydrating(false));
  }, [isHydrating]);
  return isHydrating;
}
