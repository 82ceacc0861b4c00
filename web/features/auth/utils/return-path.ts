import { inviteCodeSchema, invitePath } from '../../../../domain/invites.ts';

export const HOME_PATH = '/home';

/** Navigation state the protected-route guard leaves for the login screen. */
export type ReturnState = { from: string };

/**
 * Where to go after signing in: the page the visitor was sent away from, else the
 * invite they came through (`?invite=<code>`), else /home.
 */
export function returnPathFrom(state: unknown, search = ''): string {
  const invite = new URLSearchParams(search).get('invite');
  const fallback = invite && inviteCodeSchema.safeParse(invite).success ? invitePath(invite) : HOME_PATH;
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const { from } = state;
  // Only same-app paths; '//host' would leave the site.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : HOME_PATH;
}
