import { UsersRound } from 'lucide-react';
import { Link } from '#web/lib/router/router.tsx';
import { membersCountText } from '#domain/group-rules.ts';
import type { GroupJoinPage } from '#domain/groups.ts';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

type GroupJoinViewProps = {
  group: GroupJoinPage;
  onJoin: () => void;
  isJoining: boolean;
};

/** /groups/join/<code> for a signed-in visitor: the group's name, its members count and 'Join Group'. */
export function GroupJoinView({ group, onJoin, isJoining }: GroupJoinViewProps) {
  return (
    <Card>
      <CardHeader className="flex flex-col items-center gap-3 text-center">
        <UsersRound className="size-12 text-primary" aria-hidden />
        <CardTitle asChild>
          <h1 className="text-2xl">{group.name}</h1>
        </CardTitle>
        <p className="text-muted-foreground">{membersCountText(group.memberCount)}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {group.isMember ? (
          <>
            <p className="text-center text-muted-foreground">You are already in this group.</p>
            <Button asChild>
              <Link to={`/groups/${group.id}`}>Open Group</Link>
            </Button>
          </>
        ) : (
          <ActionButton size="lg" isBusy={isJoining} onClick={onJoin}>
            Join Group
          </ActionButton>
        )}
      </CardContent>
    </Card>
  );
}
