import { useDeferredValue, useState } from 'react';

/**
 * How many items of a long list to render (undefined: all). A list whose data arrives after its screen
 * mounted renders `first` items in the render that shows it, then all of them in a deferred render, which
 * React renders in ~5 ms slices between the browser's other work (useDeferredValue, ADR 049): the profile's
 * ~1,000 elements of bet cards no longer block input for one long task. A list that is ready when the screen
 * mounts (from the cache, coming back) renders whole at once, so the router's scroll restoration finds the
 * place the visitor left. Render the items memoized, so the deferred render does not redo the first ones.
 */
export function useRevealedCount(isReady: boolean, first: number): number | undefined {
  const [isReadyAtMount] = useState(isReady);
  return useDeferredValue(isReady ? undefined : first, isReadyAtMount ? undefined : first);
}
