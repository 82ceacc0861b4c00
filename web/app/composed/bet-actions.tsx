import type { ComponentProps } from 'react';
import { BetActions as BetActionsOnly } from '#web/features/bets/components/bet-actions.tsx';
import { BetReminderSlot, type BetReminderProps } from '#web/features/bets/components/bet-reminder-slot.ts';
import { WaitingBetItem as WaitingBetItemOnly } from '#web/features/bets/components/waiting-bet-item.tsx';
import { BetReminderButton } from '#web/features/reminders/components/bet-reminder-button.tsx';

/*
 * Features do not import each other: the app composes them. A bet's actions with the reminders feature's
 * 'Send Reminder' in the winner's slot.
 */
const betReminder = (props: BetReminderProps) => <BetReminderButton {...props} />;

export function BetActions(props: ComponentProps<typeof BetActionsOnly>) {
  return (
    <BetReminderSlot.Provider value={betReminder}>
      <BetActionsOnly {...props} />
    </BetReminderSlot.Provider>
  );
}

export function WaitingBetItem(props: ComponentProps<typeof WaitingBetItemOnly>) {
  return (
    <BetReminderSlot.Provider value={betReminder}>
      <WaitingBetItemOnly {...props} />
    </BetReminderSlot.Provider>
  );
}
