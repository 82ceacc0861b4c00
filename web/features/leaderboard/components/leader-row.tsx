import type { LeaderboardEntry } from '#domain/feed.ts';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { cn } from '#web/lib/utils.ts';

// By rank, not position: two people tied for first both get gold.
const medalClasses: Record<number, string> = {
  1: 'bg-amber-100 text-amber-800 ring-amber-300',
  2: 'bg-slate-100 text-slate-700 ring-slate-300',
  3: 'bg-orange-100 text-orange-800 ring-orange-300',
};

type LeaderRowProps = {
  entry: LeaderboardEntry;
  onOpenUser: (userId: string) => void;
};

export function LeaderRow({ entry, onOpenUser }: LeaderRowProps) {
  const { rank, wins, user } = entry;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpenUser(user.id)}
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ring-1 tabular-nums',
            medalClasses[rank] ?? 'bg-muted text-muted-foreground ring-border',
          )}
        >
          <span className="sr-only">Rank </span>
          {rank}
        </span>
        <UserAvatar name={user.name} image={user.image} className="size-10 text-sm" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{user.name}</span>
          <span className="block truncate text-xs text-muted-foreground">@{user.username}</span>
        </span>
        <span className="shrink-0 text-sm font-semibold tabular-nums">
          {wins} {wins === 1 ? 'win' : 'wins'}
        </span>
      </button>
    </li>
  );
}
