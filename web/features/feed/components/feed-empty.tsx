import { Newspaper } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

export function FeedEmpty() {
  return (
    <EmptyState
      icon={Newspaper}
      title="No bets yet"
      description="Place your first bet to see the feed!"
      className="rounded-xl border bg-card"
    />
  );
}
