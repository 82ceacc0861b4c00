import type { ComponentProps } from 'react';
import {
  BalanceReminderSlot,
  type BalanceReminderProps,
} from '#web/features/balances/components/balance-reminder-slot.ts';
import { FriendBalanceLine } from '#web/features/balances/components/balances-card.tsx';
import { FriendBalanceSlot } from '#web/features/friends/components/friend-balance-slot.ts';
import { UserProfileDialog as UserProfileDialogOnly } from '#web/features/friends/components/user-profile-dialog.tsx';
import { BalanceReminderButton } from '#web/features/reminders/components/balance-reminder-button.tsx';

const balanceReminder = (props: BalanceReminderProps) => <BalanceReminderButton {...props} />;
const friendBalance = (friendId: string) => <FriendBalanceLine friendId={friendId} />;

/** Anyone's profile card, with the balances feature's line (and its reminder) for a friend. */
export function UserProfileDialog(props: ComponentProps<typeof UserProfileDialogOnly>) {
  return (
    <FriendBalanceSlot.Provider value={friendBalance}>
      <BalanceReminderSlot.Provider value={balanceReminder}>
        <UserProfileDialogOnly {...props} />
      </BalanceReminderSlot.Provider>
    </FriendBalanceSlot.Provider>
  );
}
