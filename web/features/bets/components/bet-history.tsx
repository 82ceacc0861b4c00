import { useId } from 'react';
import { betEventSentence } from '#domain/bet-timeline.ts';
import type { BetPage } from '#domain/feed.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';

type BetHistoryProps = { bet: BetPage; viewerId: string };

/** The bet page's 'History': every step of the bet, oldest first, each with who and when. */
export function BetHistory({ bet, viewerId }: BetHistoryProps) {
  const now = useRenderNow();
  const headingId = useId();
  const partyOf = (id: string) => (id === bet.opponent.id ? bet.opponent : bet.creator);
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-base font-semibold">
        History
      </h2>
      <ol aria-labelledby={headingId} className="grid gap-0">
        {bet.history.map((event, index) => {
          const actor = partyOf(event.actorId);
          const isLast = index === bet.history.length - 1;
          return (
            <li key={`${event.kind}-${event.at ?? index}-${index}`} className="relative flex gap-3 pb-4">
              {/* The line joining one step to the next. */}
              {isLast ? null : (
                <span aria-hidden className="absolute top-8 bottom-0 left-[0.9375rem] w-px bg-border" />
              )}
              <UserAvatar name={actor.name} image={actor.image} className="size-8 shrink-0 text-xs" />
              <div className="grid min-w-0 gap-1 pt-1">
                <p className="text-sm leading-snug wrap-anywhere">
                  {betEventSentence(event, bet, viewerId)}
                  {event.at ? (
                    <>
                      <span aria-hidden className="text-muted-foreground">
                        {' · '}
                      </span>
                      <time dateTime={event.at} className="text-xs whitespace-nowrap text-muted-foreground">
                        {relativeTime(event.at, now)}
                      </time>
                    </>
                  ) : null}
                </p>
                {event.text ? (
                  <blockquote className="rounded-md border-l-2 border-primary/40 bg-muted px-3 py-1.5 text-sm whitespace-pre-line wrap-anywhere">
                    {event.text}
                  </blockquote>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
