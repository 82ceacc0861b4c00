import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppEnv } from '../app-env.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, the encoding headers cost about what compression saves. */
export const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The best encoding the client accepts, brotli first (it is ~15% smaller on
 * our JSON and JS). Honours `q=0` ("not this one") and `*`.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const)
    .filter((e) => weightOf(e) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a))[0];
  return best;
}

function addVary(headers: Headers) {
  const vary = headers.get('vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses answers whose whole body is known (JSON, the SPA shell, a static
 * file that has no precompressed twin) when the client accepts it, so one
 * `npm start` serves production-grade responses without a proxy. Streams are left alone: the SSE answer (`text/event-stream`) is not
 * in the compressible list, and a compressor would hold its frames back.
 * Prebuilt `.br`/`.gz` assets arrive here already encoded and pass through.
 *
 * `except` names a path prefix never compressed: the auth answers carry
 * session tokens, and compressing a secret beside request-controlled text is
 * what BREACH-style length attacks need. They are small anyway.
 */
export function compressResponses(options: { except?: string } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (options.except && c.req.path.startsWith(options.except)) return;
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    // `res.body` is read last: reading it turns @hono/node-server's light answer into a Web
    // Response streamed out through a reader (~0.15 ms of every request that is not compressed).
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.headers.has('content-encoding') ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('cache-control') ?? '')
    ) {
      return;
    }
    // The answer depends on Accept-Encoding from here on, whichever variant this caller gets.
    addVary(res.headers);
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    if (!encoding || length < COMPRESS_THRESHOLD || !res.body) return;

    const body = Buffer.from(await res.arrayBuffer());
    const encoded =
      body.length < COMPRESS_THRESHOLD
        ? body
        : encoding === 'br'
          ? // Quality 5: near gzip -9 speed on the fly, still smaller than gzip.
            await brotli(body, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
            })
          : await gzipAsync(body, { level: 6 });
    const headers = new Headers(res.headers);
    headers.set('Content-Length', String(encoded.length));
    if (encoded !== body) headers.set('Content-Encoding', encoding);
    // Hono would copy the old answer's headers (its Content-Length) onto a replacement: drop it first.
    c.res = undefined;
    c.res = new Response(new Uint8Array(encoded), {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  });
}
