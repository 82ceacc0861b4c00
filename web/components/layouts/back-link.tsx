import { ChevronLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from '#web/lib/router/router.tsx';

/**
 * 'Back': to the screen the visitor came from in this app (the feed, the inbox, a profile), or to
 * `fallback` when the page was opened from outside (a push, an email, a typed URL).
 */
export function BackLink({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  // 'default' is the key of the first entry the app loaded: there is no in-app page behind it.
  const hasPrevious = useLocation().key !== 'default';
  return (
    <Link
      to={fallback}
      onClick={(event) => {
        if (!hasPrevious) return;
        event.preventDefault();
        navigate(-1);
      }}
      className="-ml-2 inline-flex size-10 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ChevronLeft className="size-5" aria-hidden />
      <span className="sr-only">Back</span>
    </Link>
  );
}
