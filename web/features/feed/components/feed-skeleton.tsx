/** Placeholder cards shaped like bet cards while the first page loads. */
export function FeedSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading bets" className="grid gap-3">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} aria-hidden className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex items-start gap-3">
            <div className="size-9 shrink-0 animate-pulse rounded-full bg-muted" />
            <div className="grid flex-1 gap-2">
              <div className="h-4 w-3/5 animate-pulse rounded bg-muted" />
              <div className="h-3 w-1/4 animate-pulse rounded bg-muted" />
            </div>
            <div className="h-6 w-10 animate-pulse rounded bg-muted" />
          </div>
          <div className="h-4 w-4/5 animate-pulse rounded bg-muted" />
          <div className="h-8 w-24 animate-pulse rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
