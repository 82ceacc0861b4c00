import { Trophy } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** The weekly board; ranked entries arrive with the leaderboard endpoint. */
export function WeeklyLeadersCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <Trophy className="size-5 text-primary" aria-hidden />
            Weekly Leaders
          </h2>
        </CardTitle>
        <CardDescription>Most wins this week</CardDescription>
      </CardHeader>
      <CardContent>
        <EmptyState
          icon={Trophy}
          title="No winners yet"
          description="Complete some bets to see the leaderboard!"
          className="py-6"
        />
      </CardContent>
    </Card>
  );
}
