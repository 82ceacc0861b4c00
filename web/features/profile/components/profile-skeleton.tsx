import { Spinner } from '#web/components/ui/spinner.tsx';

/** The profile's shape while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton() {
  return (
    <div className="grid gap-4" aria-busy>
      <div className="flex flex-col items-center gap-2 py-2">
        <div className="flex size-24 items-center justify-center rounded-full bg-muted">
          <Spinner label="Loading profile" />
        </div>
        <div className="mt-1 h-6 w-40 animate-pulse rounded bg-muted" />
        <div className="h-4 w-24 animate-pulse rounded bg-muted" />
      </div>
      <div className="grid grid-cols-3 gap-2">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="h-[68px] animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
      <div className="h-11 animate-pulse rounded-md bg-muted" />
      <div className="h-40 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}
