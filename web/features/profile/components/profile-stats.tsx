import {
  formatNet,
  formatWinRate,
  signedStreak,
  winRateTone,
  type UserStats,
} from '../../../../domain/stats.ts';
import { StatTile } from '../../../components/ui/stat-tile.tsx';

export function ProfileStats({ stats }: { stats: UserStats }) {
  return (
    <dl aria-label="Your stats" className="grid grid-cols-3 gap-2">
      <StatTile label="Wins" value={stats.wins} />
      <StatTile label="Losses" value={stats.losses} />
      <StatTile label="Streak" value={signedStreak(stats.streak)} />
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
