import { Scale } from 'lucide-react';
import { Suspense, useContext, useState } from 'react';
import type { Balance } from '#domain/balances.ts';
import { balanceLine, balanceMessages } from '#domain/balance-rules.ts';
import { formatDollars } from '#domain/money.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { useBalances } from '../api/get-balances.ts';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { lazyComponent, usePreloadOnIntent, usePreloadOnMount } from '#web/lib/lazy-component.ts';
import { BalanceReminderSlot } from './balance-reminder-slot.ts';
import { LoadError } from '#web/components/errors/load-error.tsx';

// Radix Dialog and the settle-up view load after the profile works, fetched on the first interaction.
const BalanceDialog = lazyComponent(async () => (await import('./balance-dialog.tsx')).BalanceDialog);
// 'Confirm Received' and its mutation are not in the profile's first load (issue 23): fetched as the card mounts,
// beside the balances, and the list waits for them in a Suspense, so a line never grows its row after it shows.
const SettlementToConfirm = lazyComponent(
  async () => (await import('./settlement-to-confirm.tsx')).SettlementToConfirm,
);

function BalancesLoading() {
  return (
    <div className="flex justify-center py-2">
      <Spinner label="Loading balances" />
    </div>
  );
}

/** A balance's line: the net, or the payment waiting for the viewer's confirmation. */
export function balanceText(balance: Balance): string {
  if (balance.net === 0 && balance.pendingSettlement)
    return `${balance.friend.name} paid you ${formatDollars(balance.pendingSettlement.amount)}`;
  return balanceLine(balance.friend.name, balance.net);
}

/** The Profile screen's 'Balances' card: one line per friend, largest first. */
export function BalancesCard() {
  const balances = useBalances();
  const reminder = useContext(BalanceReminderSlot);
  const [openFriendId, setOpenFriendId] = useState<string | null>(null);
  usePreloadOnIntent(BalanceDialog);
  usePreloadOnMount(SettlementToConfirm);
  return (
    <Card role="region" aria-labelledby="balances-heading" className="gap-3 py-4">
      <CardHeader className="flex-col gap-1.5 px-4">
        <CardTitle asChild className="flex items-center gap-2 text-base">
          <h2 id="balances-heading">
            <Scale className="size-4 text-primary" aria-hidden />
            Balances
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {balances.data ? (
          balances.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{balanceMessages.allSettled}</p>
          ) : (
            <Suspense fallback={<BalancesLoading />}>
              <ul className="grid gap-2">
                {balances.data.items.map((balance) => (
                  <li key={balance.friend.id} className="grid gap-2">
                    <div className="flex items-center gap-2">
                      <button
                        type="button"
                        onClick={() => setOpenFriendId(balance.friend.id)}
                        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-2 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      >
                        <UserAvatar
                          name={balance.friend.name}
                          image={balance.friend.image}
                          className="size-8 text-sm"
                        />
                        <span
                          className={
                            balance.net < 0
                              ? 'min-w-0 font-medium break-words text-red-700'
                              : 'min-w-0 font-medium break-words text-emerald-700'
                          }
                        >
                          {balanceText(balance)}
                        </span>
                      </button>
                      {balance.reminder && reminder
                        ? reminder({
                            friend: balance.friend,
                            availableAt: balance.reminder.availableAt,
                          })
                        : null}
                    </div>
                    {balance.pendingSettlement ? (
                      <SettlementToConfirm
                        friendName={balance.friend.name}
                        settlement={balance.pendingSettlement}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            </Suspense>
          )
        ) : balances.isError ? (
          <LoadError query={balances} message="Failed to load balances." layout="plain" className="py-2" />
        ) : (
          <BalancesLoading />
        )}
      </CardContent>
      <LazyOverlay open={openFriendId !== null}>
        <BalanceDialog friendId={openFriendId} onClose={() => setOpenFriendId(null)} />
      </LazyOverlay>
    </Card>
  );
}

/** The user profile dialog's line for this friend; tapping it opens the balance. */
export function FriendBalanceLine({ friendId }: { friendId: string }) {
  const balances = useBalances();
  const reminder = useContext(BalanceReminderSlot);
  const [isOpen, setIsOpen] = useState(false);
  usePreloadOnMount(SettlementToConfirm);
  const balance = balances.data?.items.find((item) => item.friend.id === friendId);
  if (!balances.data) return null;
  return (
    <div className="grid gap-2">
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        className="rounded-lg border p-3 text-center text-sm font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {balance ? balanceText(balance) : balanceMessages.allSettled}
      </button>
      {balance?.reminder && reminder
        ? reminder({ friend: balance.friend, availableAt: balance.reminder.availableAt })
        : null}
      {balance?.pendingSettlement ? (
        <Suspense fallback={null}>
          <SettlementToConfirm friendName={balance.friend.name} settlement={balance.pendingSettlement} />
        </Suspense>
      ) : null}
      <LazyOverlay open={isOpen}>
        <BalanceDialog friendId={isOpen ? friendId : null} onClose={() => setIsOpen(false)} />
      </LazyOverlay>
    </div>
  );
}
