import { hc, type ClientResponse } from 'hono/client';
import type { AppType } from '#server/app.ts';
import { offlineError, readApiError } from './api-error.ts';

/**
 * fetch for our API: offline, a call fails at once with the offline message
 * instead of waiting for the network (and is never queued to replay later); a
 * request the network drops because the browser just went offline says the same.
 */
const isOffline = () => !navigator.onLine;

/** Answers a GET of our API (its path and query) without the network, or leaves it to the network (undefined). */
export type FirstReads = (path: string) => Promise<Response> | undefined;
let firstReads: FirstReads | null = null;

/**
 * Where the reads of a server-rendered screen's first data go (web/app/first-data.ts, ADR 067): on the server
 * to the API itself, in the browser to the answers the server sent with the page, then (null) to the network.
 */
export function answerFirstReadsWith(reads: FirstReads | null): void {
  firstReads = reads;
}

async function fetchOnline(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // hc asks with the path and query as a string.
  const first = typeof input === 'string' && init?.method === 'GET' ? firstReads?.(input) : undefined;
  if (first) return first;
  if (isOffline()) throw offlineError();
  try {
    return await fetch(input, init);
  } catch (error) {
    if (isOffline()) throw offlineError();
    throw error;
  }
}

/** Typed client for our own JSON API (auth has its own client in auth-client.ts). */
export const api = hc<AppType>('/api', { fetch: fetchOnline });

/** Returns the typed JSON of a successful response, or throws an ApiError carrying the server's message. */
export async function unwrap<T>(response: ClientResponse<T, number, 'json'>): Promise<T> {
  if (!response.ok) throw await readApiError(response);
  return response.json();
}
