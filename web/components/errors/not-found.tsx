import { Compass } from 'lucide-react';
import { Link } from '#web/lib/router/router.tsx';
import { DocumentTitle } from '../layouts/document-title.tsx';
import { Button } from '../ui/button.tsx';

/** The spec's 404 screen: any unknown path, and a bet the viewer may not see. */
export function NotFound() {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="outline-none mx-auto flex min-h-[calc(100dvh-4rem)] max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <DocumentTitle title="Page not found" />
      <Compass className="size-12 text-primary" aria-hidden />
      <p className="text-5xl font-bold tracking-tight">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
