import { Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '#web/components/ui/empty-state.tsx';

export function FeedEmpty({ action }: { action?: ReactNode }) {
  return (
    <EmptyState
      icon={Newspaper}
      title="No bets yet"
      description="Place your first bet to see the feed!"
      action={action}
      className="rounded-xl border bg-card py-10"
    />
  );
}
