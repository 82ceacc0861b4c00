import { startTransition, useEffect, useState } from 'react';
import { useIsHydrating } from './use-is-hydrating.ts';

type RevealOptions = {
  /** Items in the render that shows the list: what a phone's first screen holds. */
  first: number;
  /** Items added in each following task. */
  perTask: number;
  /**
   * Reveal even a list that is ready as it mounts: one on the page's first screen, whose data came with the
   * page (ADR 067), where no scroll position waits for the whole list.
   */
  gradually?: boolean;
};

/**
 * How many items of a long list to render: `first` in the render that shows it (once `isReady`), then
 * `perTask` more in each following task, then all (undefined) for good, also when the list grows later.
 * A list that is ready when the screen mounts (from the cache, coming back) renders whole at once, so the
 * router's scroll restoration finds the place the visitor left; but for the first screen of a page load.
 * Each task renders and commits only the items it adds. A deferred render (useDeferredValue) slices React's
 * render but commits the whole list in one task: the profile's ~1,000 elements of bet cards measured worse
 * that way under React too (ADR 049: Lighthouse /profile TBT 2,008 and 2,198 ms deferred, 1,116 ms revealed
 * per task, same busy machine). Render the items memoized, so each task only adds the new ones.
 */
export function useRevealedCount(
  isReady: boolean,
  total: number,
  { first, perTask, gradually = false }: RevealOptions,
): number | undefined {
  // A list the server renders with its data (ADR 067) is ready at once, and revealed all the same: the
  // server's markup and the hydration that adopts it hold `first` items, the rest come a task at a time.
  const isHydrating = useIsHydrating();
  const [shown, setShown] = useState<number | undefined>(() =>
    isReady && !isHydrating && !gradually ? undefined : first,
  );
  useEffect(() => {
    if (!isReady || shown === undefined) return;
    const next = shown + perTask;
    // A transition: React renders the added items in slices, and a tap or a key goes first (ADR 068).
    const timer = setTimeout(() => startTransition(() => setShown(next >= total ? undefined : next)), 0);
    return () => clearTimeout(timer);
  }, [isReady, shown, total, perTask]);
  return shown;
}
