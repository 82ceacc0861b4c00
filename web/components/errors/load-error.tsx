import { CircleExclamationPoint, RotateCw } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useOnlineStatus } from '#web/hooks/use-online-status.ts';
import { isOfflineError, OFFLINE_MESSAGE } from '#web/lib/api-error.ts';
import { cn } from '#web/lib/utils.ts';

/** What LoadError needs of a failed query: TanStack Query's result (plain or infinite) has all three. */
export type FailedQuery = { error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };

const layouts = {
  /** A whole screen that could not load. */
  screen: 'gap-3',
  /** In place of a list or a page's main card. */
  card: 'gap-3 rounded-xl border bg-card px-6',
  /** Inside a card or a dialog that already has a frame. */
  plain: 'gap-2',
} as const;

/** Each layout's vertical padding: a caller's className replaces it (ADR 058: no two classes for one property). */
const paddings = { screen: 'py-16', card: 'py-8', plain: 'py-6' } as const;

type LoadErrorProps = {
  query: FailedQuery;
  /** The screen's own words for what failed ('Failed to load comments.'); offline, the offline message instead. */
  message: string;
  /** A heading above the message ('Error loading bets'). */
  title?: string;
  layout?: keyof typeof layouts;
  /** What renders the message: a dialog passes its DialogDescription. */
  messageAs?: ComponentType<{ className?: string; children: ReactNode }>;
  /** Replaces the layout's vertical padding (`py-…`). */
  className?: string;
};

function Paragraph({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={className}>{children}</p>;
}

/**
 * The one way a screen says its data did not load: what failed (or that the browser is offline, where
 * 'Please try again.' would not help) and a Retry that fetches again. It stays after the error toast is gone.
 */
export function LoadError({
  query,
  message,
  title,
  layout = 'card',
  messageAs: Message = Paragraph,
  className,
}: LoadErrorProps) {
  const isOnline = useOnlineStatus();
  const isOffline = !isOnline || isOfflineError(query.error);
  return (
    <div role="alert" className={cn('flex flex-col items-center text-center', layouts[layout], className ?? paddings[layout])}>
      {layout === 'screen' ? (
        <CircleExclamationPoint className="size-10 text-destructive" aria-hidden />
      ) : null}
      {title ? <p className="font-semibold">{title}</p> : null}
      <Message className="text-sm text-muted-foreground">{isOffline ? OFFLINE_MESSAGE : message}</Message>
      <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
        <RotateCw className={query.isFetching ? 'animate-spin' : undefined} aria-hidden />
        Retry
      </Button>
    </div>
  );
}
