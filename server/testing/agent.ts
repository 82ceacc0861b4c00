import { TEST_IP_HEADER, TEST_ORIGIN, type TestApp } from './test-app.ts';

/** A browser stand-in: keeps cookies, sends our Origin and one client address. */
export function createAgent(t: TestApp, ip: string = t.nextIp()) {
  const cookies = new Map<string, string>();

  async function request(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    headers.set('origin', TEST_ORIGIN);
    headers.set(TEST_IP_HEADER, ip);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await t.app.request(`${TEST_ORIGIN}${path}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: 'manual',
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /max-age=0/i.test(setCookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  }

  return {
    ip,
    cookies,
    request,
    get: (path: string) => request(path),
    post: (path: string, json: unknown = {}) => request(path, { json }),
  };
}

export type Agent = ReturnType<typeof createAgent>;
