import {
  BalanceReminderSlot,
  type BalanceReminderProps,
} from '#web/features/balances/components/balance-reminder-slot.ts';
import { BalancesCard as BalancesCardOnly } from '#web/features/balances/components/balances-card.tsx';
import { BalanceReminderButton } from '#web/features/reminders/components/balance-reminder-button.tsx';

const balanceReminder = (props: BalanceReminderProps) => <BalanceReminderButton {...props} />;

/** The profile's balances with the reminders feature's 'Send Reminder' on what a friend owes. */
export function BalancesCard() {
  return (
    <BalanceReminderSlot.Provider value={balanceReminder}>
      <BalancesCardOnly />
    </BalanceReminderSlot.Provider>
  );
}
