import { Trophy } from 'lucide-react';
import { LEADERBOARD_SHOWN } from '#domain/leaderboard.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useLeaderboard } from '../api/get-leaderboard.ts';
import { LeaderRow } from './leader-row.tsx';
import { LoadError } from '#web/components/errors/load-error.tsx';

type WeeklyLeadersCardProps = { onOpenUser: (userId: string) => void };

/** The Leaderboard tab: the top 3 of the viewer and their friends this week. */
export function WeeklyLeadersCard({ onOpenUser }: WeeklyLeadersCardProps) {
  const leaderboard = useLeaderboard();
  const leaders = leaderboard.data?.items.slice(0, LEADERBOARD_SHOWN);
  return (
    <Card className="gap-4 py-6">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <Trophy className="size-5 text-primary" aria-hidden />
            Weekly Leaders
          </h2>
        </CardTitle>
        <CardDescription>Most wins this week</CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        {leaders ? (
          leaders.length === 0 ? (
            <EmptyState
              icon={Trophy}
              title="No winners yet"
              description="Complete some bets to see the leaderboard!"
              className="py-6"
            />
          ) : (
            <ol aria-label="Weekly Leaders" className="grid grid-cols-1 gap-1">
              {leaders.map((entry) => (
                <LeaderRow key={entry.user.id} entry={entry} onOpenUser={onOpenUser} />
              ))}
            </ol>
          )
        ) : leaderboard.isError ? (
          // A list failure is not toasted (spec section 8); say so here, with a way out.
          <LoadError query={leaderboard} message="Failed to load the leaderboard." layout="plain" />
        ) : (
          <div className="flex justify-center py-8">
            <Spinner label="Loading leaderboard" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
