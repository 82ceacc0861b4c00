/** Texts of a bet's referee (ADR 061); the bold-quoted ones are the literals. Zod-free: Place Bet loads them. */
export const refereeTexts = {
  field: 'Referee',
  none: 'No referee',
  accept: 'Accept Referee',
  decline: 'Decline Referee',
  pick: 'Pick Referee',
  remove: 'Remove Referee',
  waiting: 'Waiting for the referee',
  declined: 'The referee declined. Pick another or remove the role.',
  pickerEmpty: 'No friend of both of you yet.',
  wonButton: (name: string) => `${name} Won`,
  refereedBy: (name: string) => `Referee: ${name}`,
} as const;

export const refereeMessages = {
  notMutualFriend: 'The referee must be a friend of both of you.',
  notParty: 'The referee cannot be one of the parties.',
  notReferee: 'Only the referee can do that.',
  alreadyAccepted: 'You already accepted to referee this bet.',
  refereeAlreadyAccepted: 'The referee already accepted.',
  onlyCreator: 'Only the creator can change the referee.',
  noReferee: 'This bet has no referee.',
  disputed: "This bet was disputed, so it can only end with 'I Lost' or a void.",
  winnerNotParty: 'The winner must be one of the parties.',
  refereeDecides: 'The referee decides this bet.',
} as const;

