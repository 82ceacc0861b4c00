import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import { leaderboardPeriodLabels, leaderboardPeriods, type LeaderboardPeriod } from '#domain/group-rules.ts';
import { formatDollars } from '#domain/money.ts';
import { potStatusLabels } from '#domain/pot-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { GroupBalancesView } from './group-balances.tsx';
import { useGroupBalances, useGroupLeaderboard, useGroupPots } from '../api/groups.ts';

type Tab = 'pots' | 'leaderboard' | 'balances';
const isTab = (value: string): value is Tab => value === 'pots' || value === 'leaderboard' || value === 'balances';

type GroupTabsProps = {
  groupId: string;
  /** The signed-in viewer: who pays or confirms a simplified payment. */
  viewerId: string;
  /** The 'Start a Pot' form with the group preselected, composed by the route from the pots feature. */
  renderStartPot: (onDone: () => void) => ReactNode;
};

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-6">
      <Spinner label={label} />
    </div>
  );
}

function PotsTab({ groupId, renderStartPot }: GroupTabsProps) {
  const pots = useGroupPots(groupId, { enabled: true });
  const [isStarting, setIsStarting] = useState(false);
  if (isStarting) return <div className="grid gap-4">{renderStartPot(() => setIsStarting(false))}</div>;
  return (
    <div className="grid gap-3">
      <Button type="button" onClick={() => setIsStarting(true)}>
        <Plus aria-hidden />
        Start a Pot
      </Button>
      {pots.data ? (
        pots.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pots in this group yet.</p>
        ) : (
          <ul className="grid gap-2">
            {pots.data.map((pot) => (
              <li key={pot.id}>
                <Link
                  to={`/pots/${pot.id}`}
                  className="grid gap-1 rounded-xl border bg-card p-3 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="font-medium break-words">{pot.question}</span>
                  <span className="text-muted-foreground">
                    {`${potStatusLabels[pot.status]} · ${formatDollars(pot.stake)} each · ${pot.entrantCount} in`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : (
        <Loading label="Loading pots" />
      )}
    </div>
  );
}

function LeaderboardTab({ groupId }: { groupId: string }) {
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const leaders = useGroupLeaderboard(groupId, period, { enabled: true });
  return (
    <div className="grid gap-3">
      <div role="group" aria-label="Period" className="flex gap-2">
        {leaderboardPeriods.map((value) => (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={value === period ? 'default' : 'outline'}
            aria-pressed={value === period}
            onClick={() => setPeriod(value)}
          >
            {leaderboardPeriodLabels[value]}
          </Button>
        ))}
      </div>
      {leaders.data ? (
        <ol className="grid gap-1">
          {leaders.data.map((leader) => (
            <li key={leader.user.id} className="flex items-center gap-3 rounded-lg p-2 text-sm">
              <span className="w-6 text-right font-semibold tabular-nums">{leader.rank}</span>
              <UserAvatar name={leader.user.name} image={leader.user.image} className="size-7" />
              <span className="min-w-0 flex-1 break-words">{leader.user.name}</span>
              <span className="tabular-nums text-muted-foreground">
                {leader.wins === 1 ? '1 win' : `${leader.wins} wins`}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <Loading label="Loading leaderboard" />
      )}
    </div>
  );
}

function BalancesTab({ groupId, viewerId }: { groupId: string; viewerId: string }) {
  const balances = useGroupBalances(groupId, { enabled: true });
  if (!balances.data) return <Loading label="Loading balances" />;
  return <GroupBalancesView groupId={groupId} balances={balances.data} viewerId={viewerId} />;
}

/** The group page's three tabs; only the selected one is fetched and shown. */
export function GroupTabs({ groupId, viewerId, renderStartPot }: GroupTabsProps) {
  const [tab, setTab] = useState<Tab>('pots');
  return (
    <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)} className="grid gap-3">
      <TabsList aria-label="Group">
        <TabsTrigger value="pots">Pots</TabsTrigger>
        <TabsTrigger value="leaderboard">Leaderboard</TabsTrigger>
        <TabsTrigger value="balances">Balances</TabsTrigger>
      </TabsList>
      <TabsContent value="pots">
        <PotsTab groupId={groupId} viewerId={viewerId} renderStartPot={renderStartPot} />
      </TabsContent>
      <TabsContent value="leaderboard">
        <LeaderboardTab groupId={groupId} />
      </TabsContent>
      <TabsContent value="balances">
        <BalancesTab groupId={groupId} viewerId={viewerId} />
      </TabsContent>
    </Tabs>
  );
}
