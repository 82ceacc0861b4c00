import { invitePath, isInviteCode } from '#domain/invite-code.ts';

export const HOME_PATH = '/home';

/** Navigation state the protected-route guard (and a challenge link) leaves for the login and sign-up screens. */
export type ReturnState = { from: string };

/** The query parameter that carries the return path through the emailed verification link. */
export const RETURN_PARAM = 'next';

/** Only same-app paths: '//host' or a full URL would leave the site. */
export function isSafeReturnPath(path: unknown): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
  );
}

/** The path navigation state asks to return to, or null. */
export function returnStatePath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  return isSafeReturnPath(state.from) ? state.from : null;
}

/**
 * Where to go after signing in: the page the visitor was sent away from (in
 * navigation state, or, after the verification email's round trip, in `?next=`),
 * else the invite they came through (`?invite=<code>`), else /home.
 */
export function returnPathFrom(state: unknown, search = ''): string {
  const params = new URLSearchParams(search);
  const next = params.get(RETURN_PARAM);
  const invite = params.get('invite');
  return (
    returnStatePath(state) ??
    (isSafeReturnPath(next) ? next : null) ??
    (isInviteCode(invite) ? invitePath(invite) : HOME_PATH)
  );
}

/** The verification link's landing page, carrying the return path when there is one. */
export function verifiedCallbackUrl(returnPath: string | null): string {
  const base = '/login?verified=1';
  return returnPath ? `${base}&${RETURN_PARAM}=${encodeURIComponent(returnPath)}` : base;
}
