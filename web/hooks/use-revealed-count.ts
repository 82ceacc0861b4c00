import { useEffect, useState } from 'react';

type RevealOptions = {
  /** Items in the render that shows the list: what a phone's first screen holds. */
  first: number;
  /** Items added in each following task. */
  perTask: number;
};

/**
 * How many items of a long list to render: `first` in the render that shows it (once `isReady`), then
 * `perTask` more in each following task, then all (undefined) for good, also when the list grows later.
 * A list that is ready when the screen mounts (from the cache, coming back) renders whole at once, so the
 * router's scroll restoration finds the place the visitor left.
 * React cut a long render into ~5 ms slices when it ran in a transition; Preact (ADR 046) renders a
 * transition at once, so the slices are ours: the profile's 34 demo cards (~1,000 elements) were one
 * 210-460 ms task at Lighthouse's 4x CPU, the feed's 20 one ~300 ms task. Render the items memoized, so
 * each task only adds the new ones.
 */
export function useRevealedCount(
  isReady: boolean,
  total: number,
  { first, perTask }: RevealOptions,
): number | undefined {
  const [shown, setShown] = useState<number | undefined>(() => (isReady ? undefined : first));
  useEffect(() => {
    if (!isReady || shown === undefined) return;
    const next = shown + perTask;
    const timer = setTimeout(() => setShown(next >= total ? undefined : next), 0);
    return () => clearTimeout(timer);
  }, [isReady, shown, total, perTask]);
  return shown;
}
