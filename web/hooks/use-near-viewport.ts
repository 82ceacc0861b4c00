import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is within `margin` of the viewport. State rather than a
 * callback, so the caller can act again when it becomes ready (a page finished
 * loading) while the element is still in view.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    // Old browsers keep the 'Load more' button, which always works.
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => setIsNear(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);
  return isNear;
}
