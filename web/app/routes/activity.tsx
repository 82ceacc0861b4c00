import { useState } from 'react';
import { useNavigate } from '#web/lib/router/router.tsx';
import { PageLayout } from '#web/components/layouts/page-layout.tsx';
import { useAuthSession } from '#web/features/auth/hooks/use-auth-session.ts';
import { useBalances } from '#web/features/balances/api/get-balances.ts';
import { SettlementToConfirm } from '#web/features/balances/components/settlement-to-confirm.tsx';
import { WaitingBetItem } from '../composed/bet-actions.tsx';
import { PLACE_BET_PATH, placeBetState } from '#web/features/bets/utils/place-bet-navigation.ts';
import { FriendRequestItem } from '#web/features/friends/components/friend-request-item.tsx';
import { UserProfileDialog } from '../composed/user-profile-dialog.tsx';
import { useWaitingOnYou } from '#web/features/notifications/api/get-waiting-on-you.ts';
import { ActivityList } from '#web/features/notifications/components/activity-list.tsx';
import { WaitingPotItem } from '#web/features/pots/components/waiting-pot-item.tsx';

/** /activity: what waits on me (with its buttons), then everything that happened, newest first. */
export function Component() {
  const navigate = useNavigate();
  const { user } = useAuthSession();
  const viewerId = user?.id ?? '';
  const waiting = useWaitingOnYou().data;
  const [selectedUserId, setSelectedUserId] = useState<string | null>(null);
  // Settle-up payments to confirm: one line each, from the balances.
  const toConfirm = (useBalances().data?.items ?? []).flatMap((balance) =>
    balance.pendingSettlement ? [{ friend: balance.friend, settlement: balance.pendingSettlement }] : [],
  );
  const hasWaiting =
    waiting !== undefined &&
    waiting.bets.length + waiting.friendRequests.length + waiting.pots.length + toConfirm.length > 0;

  const placeBetWith = (friendId: string) => {
    setSelectedUserId(null);
    navigate(PLACE_BET_PATH, { state: placeBetState(friendId) });
  };

  return (
    <PageLayout title="Activity">
      <div className="grid gap-6">
        {hasWaiting ? (
          <section
            aria-labelledby="waiting-heading"
            data-focus-home="list"
            tabIndex={-1}
            className="grid gap-3 outline-none"
          >
            <h2 id="waiting-heading" className="text-base font-semibold">
              Waiting on You
            </h2>
            {toConfirm.length > 0 ? (
              <ul aria-label="Payments waiting on you" className="grid gap-3">
                {toConfirm.map(({ friend, settlement }) => (
                  <li key={settlement.id}>
                    <SettlementToConfirm friendName={friend.name} settlement={settlement} />
                  </li>
                ))}
              </ul>
            ) : null}
            {waiting.bets.length > 0 ? (
              <ul aria-label="Bets waiting on you" className="grid gap-3">
                {waiting.bets.map((bet) => (
                  <li key={bet.id}>
                    <WaitingBetItem bet={bet} viewerId={viewerId} />
                  </li>
                ))}
              </ul>
            ) : null}
            {waiting.pots.length > 0 ? (
              <ul aria-label="Pots waiting on you" className="grid gap-3">
                {waiting.pots.map((pot) => (
                  <li key={`${pot.id}-${pot.reason}`}>
                    <WaitingPotItem pot={pot} />
                  </li>
                ))}
              </ul>
            ) : null}
            {waiting.friendRequests.length > 0 ? (
              <ul
                aria-label="Friend requests waiting on you"
                className="divide-y rounded-xl border bg-card px-3"
              >
                {waiting.friendRequests.map((request) => (
                  <FriendRequestItem key={request.id} request={request} onSelectUser={setSelectedUserId} />
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        <section aria-label="Recent activity" className="grid gap-2">
          {hasWaiting ? <h2 className="text-base font-semibold">Recent</h2> : null}
          <ActivityList viewerId={viewerId} onOpenUser={setSelectedUserId} />
        </section>
      </div>
      <UserProfileDialog
        userId={selectedUserId}
        onClose={() => setSelectedUserId(null)}
        onSelectUser={setSelectedUserId}
        onPlaceBet={placeBetWith}
      />
    </PageLayout>
  );
}
