/**
 * What the page and the service worker (web/sw.ts) say to each other, and the
 * Web Push payload the server sends. Checked by hand
 * rather than with zod: the worker stays small and this module has no imports.
 */

export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING.type;
}

export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The push message's JSON `{ title, body, url, tag }`, or null when it is not that. */
export function readPushPayload(text: string | undefined): PushPayload | null {
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = new Map<string, unknown>(Object.entries(value));
  const field = (name: string): string | null => {
    const found = record.get(name);
    return typeof found === 'string' ? found : null;
  };
  const title = field('title');
  if (title === null || title === '') return null;
  return { title, body: field('body') ?? '', url: field('url') ?? '/activity', tag: field('tag') ?? '' };
}

/**
 * `value` as a path on `origin` (with its query and hash), or null when it is
 * not a string or points elsewhere: a notification only ever opens Sidepot.
 */
export function sameOriginPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}
