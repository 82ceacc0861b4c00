import type { ComponentProps } from 'react';
import { BetReminderSlot, type BetReminderProps } from '#web/features/bets/components/bet-reminder-slot.ts';
import { ProfileBets as ProfileBetsOnly } from '#web/features/bets/components/profile-bets.tsx';
import { OpenChallenges } from '#web/features/challenges/components/open-challenges.tsx';
import { BetReminderButton } from '#web/features/reminders/components/bet-reminder-button.tsx';

const betReminder = (props: BetReminderProps) => <BetReminderButton {...props} />;

/** The profile's bet lists with the challenges feature's open links and the reminders feature's button. */
export function ProfileBets(props: Omit<ComponentProps<typeof ProfileBetsOnly>, 'openChallenges'>) {
  return (
    <BetReminderSlot.Provider value={betReminder}>
      <ProfileBetsOnly {...props} openChallenges={<OpenChallenges />} />
    </BetReminderSlot.Provider>
  );
}
