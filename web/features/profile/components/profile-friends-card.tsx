import { UserPlus, Users } from 'lucide-react';
import { PROFILE_FRIENDS_SHOWN } from '#domain/profile-rules.ts';
import type { UserSummary } from '#domain/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';

type ProfileFriendsCardProps = {
  friends: UserSummary[];
  total: number;
  pendingRequestCount: number;
  onSelectUser: (userId: string) => void;
  onManageFriends: () => void;
};

function pendingLabel(count: number): string {
  return `${count} pending friend ${count === 1 ? 'request' : 'requests'}`;
}

export function ProfileFriendsCard({
  friends,
  total,
  pendingRequestCount,
  onSelectUser,
  onManageFriends,
}: ProfileFriendsCardProps) {
  const shown = friends.slice(0, PROFILE_FRIENDS_SHOWN);
  const more = total - shown.length;
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="flex-row items-center justify-between gap-2 px-4">
        <CardTitle asChild className="flex items-center gap-2 text-base">
          <h2>
            <Users className="size-4 text-primary" aria-hidden />
            Friends
          </h2>
        </CardTitle>
        <Button variant="outline" size="sm" className="relative" onClick={onManageFriends}>
          <UserPlus aria-hidden />
          Manage Friends
          {pendingRequestCount > 0 ? (
            <span
              role="status"
              aria-label={pendingLabel(pendingRequestCount)}
              className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-destructive-foreground"
            >
              {pendingRequestCount > 99 ? '99+' : pendingRequestCount}
            </span>
          ) : null}
        </Button>
      </CardHeader>
      <CardContent className="px-4">
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">Add friends to start betting with them.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2">
            {shown.map((friend) => (
              <li key={friend.id}>
                <button
                  type="button"
                  onClick={() => onSelectUser(friend.id)}
                  className="flex w-full flex-col items-center gap-1 rounded-lg p-2 text-center outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <UserAvatar name={friend.name} image={friend.image} className="size-12 text-sm" />
                  <span className="w-full truncate text-xs font-medium">{friend.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {more > 0 ? (
          <button
            type="button"
            onClick={onManageFriends}
            className="mt-2 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            +{more} more
          </button>
        ) : null}
      </CardContent>
    </Card>
  );
}
