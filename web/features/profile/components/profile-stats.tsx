import { formatWinRate, streakText, winRateTone } from '#domain/stat-rules.ts';
import type { UserStats } from '#domain/stats.ts';
import { formatNet } from '#domain/money.ts';
import { StatTile } from '#web/components/ui/stat-tile.tsx';

export function ProfileStats({ stats }: { stats: UserStats }) {
  return (
    <dl aria-label="Your stats" className="grid grid-cols-3 gap-2">
      <StatTile label="Wins" value={stats.wins} />
      <StatTile label="Losses" value={stats.losses} />
      {/* The dialog's words, not a signed number: the two screens agree (ADR 052). */}
      <StatTile
        label="Streak"
        value={streakText(stats.streak)}
        valueClassName="flex min-h-7 items-center text-sm leading-tight"
      />
      <StatTile label="Friends" value={stats.friendsCount} />
      <StatTile
        label="Win Rate"
        value={formatWinRate(stats.winRate)}
        // With no completed bets 0.0% is not a poor record, so it stays uncoloured.
        tone={stats.totalBets > 0 ? winRateTone(stats.winRate) : undefined}
      />
      <StatTile label="Net" value={formatNet(stats.netWinnings)} />
    </dl>
  );
}
