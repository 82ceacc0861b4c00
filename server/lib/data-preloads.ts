/**
 * What a signed-in screen reads first, by the URL's first segment: GET paths exactly as the web's api
 * client asks for them (web/features/<feature>/api/), so the browser's fetch() reuses the preloaded answer.
 */
const SCREEN_DATA: Record<string, string[]> = {
  home: ['/api/friends/all', '/api/limits'],
  feed: ['/api/feed'],
  profile: [
    '/api/profile',
    '/api/balances',
    '/api/groups',
    '/api/bets/mine',
    '/api/pots/mine',
    '/api/challenges/mine',
  ],
};
const SESSION_PATH = '/api/auth/get-session';
/** The request carried no session cookie, so the page need not ask whether someone is signed in. */
export const SIGNED_OUT_HINT = '<meta name="sidepot-session" content="none">';
// better-auth's session cookie with our prefix (server/features/auth/auth.service.ts), `__Secure-` on https.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?sidepot\.session_token=/;

/** Whether the request carries better-auth's session cookie (valid or not: only the API can tell). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

const preloadTag = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;

/** The session read's preload alone: a screen rendered with its data (ADR 067) reads only that on start. */
export function sessionPreload(): string {
  return preloadTag(SESSION_PATH);
}

/**
 * `<link rel="preload" as="fetch">` tags for a request that carries a session cookie: the
 * session read and the screen's first data start with the HTML instead of after the entry chunk has run
 * (the session) and after the screen has rendered (its data), two round trips fewer before the screen
 * shows. `crossorigin` makes them same-origin CORS requests with cookies, as the app's own fetch() calls
 * are, so the browser hands the preloaded answers to those calls. Without a cookie the app reads no
 * data and nobody is signed in: the shell says so instead (`SIGNED_OUT_HINT`, read by web/lib/session.ts),
 * so a public screen renders without first asking for the session (ADR 044).
 */
export function dataPreloads(pathname: string, cookieHeader: string | undefined): string {
  if (!hasSessionCookie(cookieHeader)) return SIGNED_OUT_HINT;
  const segment = pathname.split('/')[1] ?? '';
  return [SESSION_PATH, ...(SCREEN_DATA[segment] ?? [])]
    .map(preloadTag)
    .join('');
}
