import { memo } from 'react';
import {
  BalanceReminderSlot,
  type BalanceReminderProps,
} from '#web/features/balances/components/balance-reminder-slot.ts';
import { BalancesCard as BalancesCardOnly } from '#web/features/balances/components/balances-card.tsx';
import { lazyComponent, usePreloadOnMount } from '#web/lib/lazy-component.ts';

// Not in the profile's first load (issue 23): fetched as the card mounts; the card's list waits for it in a Suspense.
const BalanceReminderButton = lazyComponent(
  async () =>
    (await import('#web/features/reminders/components/balance-reminder-button.tsx')).BalanceReminderButton,
);
const balanceReminder = (props: BalanceReminderProps) => <BalanceReminderButton {...props} />;

/**
 * The profile's balances with the reminders feature's 'Send Reminder' on what a friend owes. Memoized: the
 * profile renders again once hydrated (ADR 068), and the card's list, still server markup while the button's
 * chunk loads, would have to hydrate in that render and wait for the chunk.
 */
export const BalancesCard = memo(function BalancesCard() {
  usePreloadOnMount(BalanceReminderButton);
  return (
    <BalanceReminderSlot.Provider value={balanceReminder}>
      <BalancesCardOnly />
    </BalanceReminderSlot.Provider>
  );
});
