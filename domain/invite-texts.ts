/** The invite page's texts (ADR 019), without zod: the public /invite page imports them. */
export const inviteMessages = {
  invalid: 'This invite link is no longer valid.',
  ownLink: 'This is your own invite link',
  rateLimited: 'Too many invite links opened. Please wait a minute and try again.',
  dailyLimit: 'This invite link has reached its limit for today. Please try again tomorrow.',
} as const;

export function inviteHeading(name: string): string {
  return `${name} invited you to Sidepot`;
}

export function alreadyFriendsText(name: string): string {
  return `You are already friends with ${name}`;
}

export function nowFriendsText(name: string): string {
  return `You are now friends with ${name}`;
}
