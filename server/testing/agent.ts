import { hc } from 'hono/client';
import { z } from 'zod';
import { TEST_IP_HEADER, TEST_ORIGIN, type TestApp } from './test-app.ts';

/**
 * A browser stand-in: keeps cookies, sends our Origin and one client address. `api` is Hono's typed
 * client over the real app (a changed route breaks its tests at compile time); `request`, `get` and `post`
 * stay for what is outside the typed API: better-auth under /api/auth, static files, raw bodies.
 */
export function createAgent(t: TestApp, ip: string = t.nextIp()) {
  const cookies = new Map<string, string>();

  function browserHeaders(): Record<string, string> {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, [TEST_IP_HEADER]: ip };
    if (cookies.size > 0) headers['cookie'] = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return headers;
  }

  async function request(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(browserHeaders())) headers.set(name, value);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const res = await t.app.request(`${TEST_ORIGIN}${path}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: 'manual',
    });
    keepCookies(res);
    return res;
  }

  function keepCookies(res: Response) {
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /max-age=0/i.test(setCookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  // Hono's typed client over the real app, as `testClient` builds it, but its answers' cookies land in
  // this agent's jar like any other request's (a refreshed session cache, a sign-out).
  const typed = hc<typeof t.app>(TEST_ORIGIN, {
    headers: browserHeaders,
    fetch: async (input: Request | string | URL, init?: RequestInit) => {
      const res = await t.app.request(input, init);
      keepCookies(res);
      return res;
    },
  });

  return {
    ip,
    cookies,
    /** The typed API (`/api/...`), sent with this agent's cookies, Origin and address. */
    api: typed.api,
    request,
    get: (path: string) => request(path),
    post: (path: string, json: unknown = {}) => request(path, { json }),
  };
}

export type Agent = ReturnType<typeof createAgent>;

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

/** The `{ error: { code, message, issues? } }` body of a refusal, checked rather than cast. */
export async function errorOf(res: { json(): Promise<unknown> }) {
  return errorBodySchema.parse(await res.json());
}

/** The email of the account this agent's session belongs to, or null when it is signed out. */
export async function sessionEmail(agent: Agent): Promise<string | null> {
  const body: unknown = await (await agent.get('/api/auth/get-session')).json();
  if (typeof body !== 'object' || body === null || !('user' in body)) return null;
  const user: unknown = body.user;
  return typeof user === 'object' && user !== null && 'email' in user && typeof user.email === 'string'
    ? user.email
    : null;
}
