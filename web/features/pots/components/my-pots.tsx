import { useId } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import { formatDollars } from '#domain/money.ts';
import { potEntrantsText, potStatusLabels, potTotalText } from '#domain/pot-rules.ts';
import type { FeedPot } from '#domain/pots.ts';
import { useMyPots } from '../api/my-pots.ts';

/** One pot in a profile list: its question (its page's link), state, total, entrants and result. */
function PotSummaryCard({ pot }: { pot: FeedPot }) {
  return (
    <article className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <Link
          to={`/pots/${pot.id}`}
          className="min-w-0 rounded-sm text-sm font-medium wrap-anywhere underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {pot.question}
        </Link>
        <p className="shrink-0 font-bold text-primary tabular-nums">{potTotalText(pot.stake * pot.entrantCount)}</p>
      </div>
      <p className="text-xs text-muted-foreground">
        {potStatusLabels[pot.status]} · {potEntrantsText(pot.entrantCount)} · {formatDollars(pot.stake)} per person
      </p>
      {pot.result !== null ? <p className="text-sm font-medium wrap-anywhere">{pot.result}</p> : null}
    </article>
  );
}

function PotList({ title, pots }: { title: string; pots: FeedPot[] }) {
  const headingId = useId();
  if (pots.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        {title}
        <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground tabular-nums">
          {pots.length}
          <span className="sr-only"> {pots.length === 1 ? 'pot' : 'pots'}</span>
        </span>
      </h2>
      <ul className="grid gap-3">
        {pots.map((pot) => (
          <li key={pot.id}>
            <PotSummaryCard pot={pot} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The profile's 'Open Pots': open, awaiting a result or disputed, that the viewer is part of. */
export function OpenPots() {
  const pots = useMyPots();
  return <PotList title="Open Pots" pots={pots.data?.open ?? []} />;
}

/** Decided pots, listed with the past bets. */
export function PastPots() {
  const pots = useMyPots();
  return <PotList title="Past Pots" pots={pots.data?.decided ?? []} />;
}
