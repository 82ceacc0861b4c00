/*
 * The reminder buttons' texts, without zod: the profile shows them on first paint and stays out of zod's
 * weight. domain/reminders.ts adds the schemas and re-exports everything here.
 */

export const reminderMessages = {
  send: 'Send Reminder',
  sent: 'Reminder sent',
  throttled: 'A reminder about this was sent in the last 24 hours. You can send another later.',
  onlyWinner: 'Only the winner can send a reminder about this bet.',
  notResolved: 'This bet is not resolved yet.',
  alreadyPaid: 'This bet was already marked as paid.',
  notOwed: (name: string) => `${name} doesn't owe you anything.`,
  toastTitle: 'Reminder sent',
  toastDescription: (name: string) => `We let ${name} know.`,
} as const;
