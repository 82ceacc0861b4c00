import type { ComponentProps } from 'react';
import { BetReminderSlot, type BetReminderProps } from '#web/features/bets/components/bet-reminder-slot.ts';
import { ProfileBets as ProfileBetsOnly } from '#web/features/bets/components/profile-bets.tsx';
import { OpenChallenges } from '#web/features/challenges/components/open-challenges.tsx';
import { BetReminderButton } from '#web/features/reminders/components/bet-reminder-button.tsx';
import { OpenPots, PastPots } from '#web/features/pots/components/my-pots.tsx';

const betReminder = (props: BetReminderProps) => <BetReminderButton {...props} />;

/**
 * The profile's bet lists with the challenges feature's open links, the reminders feature's button and the
 * pots feature's 'Open Pots' and decided pots (ADR 060).
 */
export function ProfileBets(
  props: Omit<ComponentProps<typeof ProfileBetsOnly>, 'openChallenges' | 'openPots' | 'pastPots'>,
) {
  return (
    <BetReminderSlot.Provider value={betReminder}>
      <ProfileBetsOnly {...props} openChallenges={<OpenChallenges />} openPots={<OpenPots />} pastPots={<PastPots />} />
    </BetReminderSlot.Provider>
  );
}
