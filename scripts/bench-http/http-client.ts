/*
 * A small keep-alive HTTP client for `npm run bench:http`: node:http rather than fetch, so the
 * load generator (on the same two cores as the server) spends as little CPU as it can.
 * Each signed-in viewer keeps its cookies, as a browser would (the session cookie cache is one).
 */
import http from 'node:http';

export type Viewer = { userId: string; cookies: Map<string, string> };

export function cookieHeader(viewer: Viewer): string {
  return [...viewer.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

function keepCookies(viewer: Viewer, setCookie: string[] | undefined) {
  for (const line of setCookie ?? []) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value === '' || /max-age=0\b/i.test(line)) viewer.cookies.delete(name);
    else viewer.cookies.set(name, value);
  }
}

export function createClient(port: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  function get(path: string, viewer?: Viewer): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (viewer) headers['cookie'] = cookieHeader(viewer);
      const request = http.get({ host: '127.0.0.1', port, path, agent, headers }, (response) => {
        if (viewer) keepCookies(viewer, response.headers['set-cookie']);
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  }
  return { get, close: () => agent.destroy() };
}

/** `connections` closed loops for `seconds`: completed operations per second and their latencies. */
export async function closedLoop(connections: number, seconds: number, operation: (worker: number) => Promise<void>) {
  const deadline = performance.now() + seconds * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await operation(worker);
        times.push(performance.now() - started);
      }
    }),
  );
  return { perSecond: times.length / seconds, times };
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
