import { hc, type ClientResponse } from 'hono/client';
import type { AppType } from '../../server/app.ts';
import { readApiError } from './api-error.ts';

/** Typed client for our own JSON API (auth has its own client in auth-client.ts). */
export const api = hc<AppType>('/api');

/** Returns the typed JSON of a successful response, or throws an ApiError carrying the server's message. */
export async function unwrap<T>(response: ClientResponse<T, number, 'json'>): Promise<T> {
  if (!response.ok) throw await readApiError(response);
  return response.json();
}
