import { CircleExclamationPoint } from 'lucide-react';
import { Link, useRouteError } from '#web/lib/router/router.tsx';
import { Button } from '../ui/button.tsx';

/**
 * errorElement for each route region. Retry reloads the page: the usual cause
 * is a screen's code chunk that failed to download (offline, or a new deploy).
 */
export function RouteError() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <CircleExclamationPoint className="size-10 text-destructive" aria-hidden />
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="text-sm text-muted-foreground">This screen couldn't be shown. Please try again.</p>
      {detail && import.meta.env.DEV ? (
        <pre className="max-w-full overflow-auto text-left text-xs text-muted-foreground">{detail}</pre>
      ) : null}
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Retry</Button>
        <Button variant="outline" asChild>
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
