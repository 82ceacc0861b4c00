import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';

/** One answer, read whole; `server` is the instance HAProxy sent it to (its X-Served-By header). */
export type Reply = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  server: string;
  ms: number;
};

export type RequestOptions = {
  method?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

/**
 * A keep-alive HTTP/1.1 connection pool to one origin (node:http; autocannon is not
 * installed). Every request has a deadline, so a stuck balancer fails a run instead of
 * hanging it.
 */
export function createPool(origin: string, maxSockets: number) {
  const url = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  function send(path: string, options: RequestOptions = {}): Promise<Reply> {
    const started = performance.now();
    const body = options.json === undefined ? options.body : Buffer.from(JSON.stringify(options.json));
    const headers: Record<string, string> = { origin: url.origin, ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (body) headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          method: options.method ?? (body ? 'POST' : 'GET'),
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              server: String(res.headers['x-served-by'] ?? ''),
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.setTimeout(options.timeoutMs ?? 10_000, () => req.destroy(new Error(`timeout: ${path}`)));
      req.on('error', reject);
      req.end(body);
    });
  }
  return { send, origin: url.origin, close: () => agent.destroy() };
}
export type Pool = ReturnType<typeof createPool>;

/**
 * A browser stand-in over a pool: keeps its cookies and says which client address it
 * is (X-Forwarded-For; the instances trust the balancer, which appends its own hop).
 */
export function createClient(pool: Pool, ip: string) {
  const cookies = new Map<string, string>();
  async function send(path: string, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, ...options.headers };
    if (cookies.size > 0)
      headers['cookie'] = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const reply = await pool.send(path, { ...options, headers });
    for (const line of [reply.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return reply;
  }
  return {
    ip,
    cookies,
    send,
    get: (path: string) => send(path),
    post: (path: string, json: unknown = {}) => send(path, { json }),
    cookieHeader: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}
export type Client = ReturnType<typeof createClient>;

/** The reply's JSON read with `schema`; throws with the status and body when the status is not `expected`. */
export function json<S extends z.ZodType>(reply: Reply, schema: S, expected = 200): z.output<S> {
  if (reply.status !== expected)
    throw new Error(
      `expected ${expected}, got ${reply.status} from ${reply.server || '?'}: ${reply.body.toString().slice(0, 300)}`,
    );
  return schema.parse(JSON.parse(reply.body.toString()));
}
