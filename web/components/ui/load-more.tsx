import { useEffect, useRef } from 'react';
import { useNearViewport } from '#web/hooks/use-near-viewport.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last 'more' failed: wait for a tap instead of retrying in a loop while in view. */
  hasFailed: boolean;
  onLoadMore: () => void;
  /** What the spinner announces, e.g. 'Loading more bets'. */
  loadingLabel: string;
};

/**
 * Loads the next page as the end of the list scrolls near, with a button that
 * does the same for keyboards, screen readers and browsers without observers.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  hasFailed,
  onLoadMore,
  loadingLabel,
}: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(sentinel);
  const shouldAutoLoad = isNear && hasNextPage && !isFetchingNextPage && !hasFailed;

  useEffect(() => {
    if (shouldAutoLoad) onLoadMore();
  }, [shouldAutoLoad, onLoadMore]);

  return (
    <div ref={sentinel} className="flex min-h-px justify-center">
      {hasNextPage ? (
        <Button
          variant="outline"
          className="w-full"
          // aria-disabled, not disabled: a disabled button drops keyboard focus to <body>.
          aria-disabled={isFetchingNextPage}
          onClick={() => {
            if (!isFetchingNextPage) onLoadMore();
          }}
        >
          {isFetchingNextPage ? <Spinner label={loadingLabel} className="size-4 text-primary" /> : null}
          {hasFailed && !isFetchingNextPage ? 'Try again' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
