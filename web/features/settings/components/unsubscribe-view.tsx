import { CircleAlert, MailX } from 'lucide-react';
import { Link } from '#web/lib/router/router.tsx';
import { unsubscribeMessages } from '#domain/notification-preferences.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

type UnsubscribeViewProps =
  { state: 'pending' } | { state: 'done' } | { state: 'failed'; message: string; onRetry?: () => void };

/** What the public /unsubscribe page shows while, and after, it posts the mail's token. */
export function UnsubscribeView(props: UnsubscribeViewProps) {
  if (props.state === 'pending') {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Unsubscribing" />
      </div>
    );
  }
  const isDone = props.state === 'done';
  const Icon = isDone ? MailX : CircleAlert;
  return (
    <section
      className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-8 text-center shadow-sm"
      aria-live="polite"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <h1 className="text-lg font-semibold">{isDone ? 'Unsubscribed' : 'This link did not work'}</h1>
      <p className="text-sm text-muted-foreground">{isDone ? unsubscribeMessages.done : props.message}</p>
      {isDone ? (
        <p className="text-sm text-muted-foreground">You can turn them back on in Settings.</p>
      ) : props.onRetry ? (
        <Button variant="outline" onClick={props.onRetry}>
          Retry
        </Button>
      ) : null}
      <Button asChild variant="link">
        <Link to="/settings">Open Settings</Link>
      </Button>
    </section>
  );
}
