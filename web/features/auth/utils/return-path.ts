export const HOME_PATH = '/home';

/** Navigation state the protected-route guard leaves for the login screen. */
export type ReturnState = { from: string };

/** Where to go after signing in: the page the visitor was sent away from, else /home. */
export function returnPathFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return HOME_PATH;
  const { from } = state;
  // Only same-app paths; '//host' would leave the site.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : HOME_PATH;
}
