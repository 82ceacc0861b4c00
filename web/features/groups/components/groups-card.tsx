import { Plus, UsersRound } from 'lucide-react';
import { Link } from '#web/lib/router/router.tsx';
import { membersCountText } from '#domain/group-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useMyGroups } from '../api/groups.ts';

/** Profile's 'Groups' card: the viewer's groups (name, members count) and 'New Group'. */
export function GroupsCard({ onNewGroup }: { onNewGroup: () => void }) {
  const groups = useMyGroups();
  return (
    <Card role="region" aria-labelledby="groups-heading" className="gap-3 py-4">
      <CardHeader className="flex flex-row items-center justify-between px-4">
        <CardTitle asChild className="flex items-center gap-2 text-base">
          <h2 id="groups-heading">
            <UsersRound className="size-4 text-primary" aria-hidden />
            Groups
          </h2>
        </CardTitle>
        <Button type="button" size="sm" variant="outline" onClick={onNewGroup}>
          <Plus aria-hidden />
          New Group
        </Button>
      </CardHeader>
      <CardContent className="px-4">
        {groups.data ? (
          groups.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No groups yet. Make one for the crew you bet with.</p>
          ) : (
            <ul className="grid gap-1">
              {groups.data.map((group) => (
                <li key={group.id}>
                  <Link
                    to={`/groups/${group.id}`}
                    className="flex items-center justify-between gap-3 rounded-lg p-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="min-w-0 font-medium break-words">{group.name}</span>
                    <span className="shrink-0 text-muted-foreground">{membersCountText(group.memberCount)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        ) : groups.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your groups.</p>
        ) : (
          <Spinner label="Loading groups" />
        )}
      </CardContent>
    </Card>
  );
}
