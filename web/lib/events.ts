import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { keysForChange } from './query-keys.ts';

/*
 * One Server-Sent Events stream per browser, shared by its tabs: a browser
 * keeps at most 6 HTTP/1.1 connections per origin, so a stream per tab would
 * stall the app at the sixth tab. The tab holding a Web Lock is the leader;
 * it owns the EventSource and relays each event over a BroadcastChannel.
 * When it closes, the lock passes to another tab, which opens the stream.
 */

const LOCK_NAME = 'sidepot-events-leader';
const CHANNEL_NAME = 'sidepot-events';

const changeSchema = z.object({
  kind: z.enum(['bets', 'friends', 'notifications', 'feed']),
  betId: z.string().optional(),
});
export type ChangeEvent = z.infer<typeof changeSchema>;

function invalidate(queryClient: QueryClient, event: ChangeEvent) {
  for (const queryKey of keysForChange[event.kind]) void queryClient.invalidateQueries({ queryKey });
}

function parse(data: unknown): ChangeEvent | null {
  try {
    const parsed = changeSchema.safeParse(typeof data === 'string' ? JSON.parse(data) : data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Opens the stream; `onEvent` gets every change. Returns a closer. */
function openStream(onEvent: (event: ChangeEvent) => void, onReconnect: () => void): () => void {
  const source = new EventSource('/api/events');
  let opened = false;
  source.addEventListener('change', (message) => {
    const event = parse(message.data);
    if (event) onEvent(event);
  });
  source.addEventListener('ready', () => {
    // After a reconnect, events may have been missed while offline: refetch what is stale.
    if (opened) onReconnect();
    opened = true;
  });
  return () => source.close();
}

/**
 * Starts realtime updates for a signed-in user; returns a function that stops
 * them (call it on logout or unmount).
 */
export function startRealtime(queryClient: QueryClient): () => void {
  const refetchAll = () => {
    for (const keys of Object.values(keysForChange)) for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator;
  if (!hasLocks || typeof BroadcastChannel === 'undefined') {
    return openStream((event) => invalidate(queryClient, event), refetchAll);
  }

  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (message: MessageEvent<unknown>) => {
    const event = parse(message.data);
    if (event) invalidate(queryClient, event);
  };

  const abort = new AbortController();
  let releaseLeadership: (() => void) | undefined;
  navigator.locks
    .request(LOCK_NAME, { signal: abort.signal }, () => {
      // This tab leads until it stops: keep the lock by never settling early.
      return new Promise<void>((resolve) => {
        const close = openStream((event) => {
          invalidate(queryClient, event);
          channel.postMessage(event);
        }, refetchAll);
        releaseLeadership = () => {
          close();
          resolve();
        };
      });
    })
    .catch(() => {
      // Aborted before this tab became the leader: nothing to clean up.
    });

  return () => {
    abort.abort();
    releaseLeadership?.();
    channel.close();
  };
}
