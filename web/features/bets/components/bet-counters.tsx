import { useId } from 'react';
import { counterLine } from '#domain/bet-stakes.ts';
import type { BetPage } from '#domain/feed.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';

/** The bet page's counter-offers, oldest first: '<Name> countered: $15 vs $10', and the note (ADR 062). */
export function BetCounters({ bet }: { bet: Pick<BetPage, 'counters'> }) {
  const now = useRenderNow();
  const headingId = useId();
  if (bet.counters.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-base font-semibold">
        Counters
      </h2>
      <ol aria-labelledby={headingId} className="grid gap-2">
        {bet.counters.map((counter) => (
          <li key={counter.id} className="rounded-md border px-3 py-2 text-sm">
            <p className="font-medium wrap-anywhere">
              {counterLine(counter.byName, counter)}
              <span aria-hidden className="text-muted-foreground">
                {' · '}
              </span>
              <time
                dateTime={counter.createdAt}
                className="text-xs font-normal whitespace-nowrap text-muted-foreground"
              >
                {relativeTime(counter.createdAt, now)}
              </time>
            </p>
            {counter.note ? <p className="mt-1 text-muted-foreground wrap-anywhere">{counter.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
