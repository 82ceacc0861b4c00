import type { QueryClient } from '@tanstack/react-query';
import { changeKinds, isChangeKind, type ChangeEvent } from '../../domain/realtime.ts';
import { invalidateChanges } from './query-keys.ts';

/*
 * One Server-Sent Events stream per browser, shared by its tabs: a browser
 * keeps at most 6 HTTP/1.1 connections per origin, so a stream per tab would
 * stall the app at the sixth tab. The tab holding a Web Lock is the leader;
 * it owns the EventSource and relays each event over a BroadcastChannel.
 * When it closes, the lock passes to another tab, which opens the stream.
 */

const LOCK_NAME = 'sidepot-events-leader';
const CHANNEL_NAME = 'sidepot-events';

function invalidate(queryClient: QueryClient, event: ChangeEvent) {
  void invalidateChanges(queryClient, [event.kind]);
}

function parse(data: unknown): ChangeEvent | null {
  let value: unknown = data;
  try {
    if (typeof data === 'string') value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || !('kind' in value) || !isChangeKind(value.kind))
    return null;
  const betId = 'betId' in value && typeof value.betId === 'string' ? value.betId : undefined;
  return betId === undefined ? { kind: value.kind } : { kind: value.kind, betId };
}

/** Opens the stream; `onEvent` gets every change. Returns a closer. */
function openStream(
  onEvent: (event: ChangeEvent) => void,
  onReconnect: () => void,
  options: { refetchOnFirstReady: boolean },
): () => void {
  const source = new EventSource('/api/events');
  let opened = options.refetchOnFirstReady;
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
  const refetchAll = () => void invalidateChanges(queryClient, changeKinds);
  const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator;
  if (!hasLocks || typeof BroadcastChannel === 'undefined') {
    return openStream((event) => invalidate(queryClient, event), refetchAll, { refetchOnFirstReady: false });
  }

  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (message: MessageEvent<unknown>) => {
    const event = parse(message.data);
    if (event) invalidate(queryClient, event);
  };

  const abort = new AbortController();
  let releaseLeadership: (() => void) | undefined;
  // This tab leads until it stops: the lock is held by never settling early.
  const lead = (refetchOnFirstReady: boolean) =>
    new Promise<void>((resolve) => {
      const close = openStream(
        (event) => {
          invalidate(queryClient, event);
          channel.postMessage(event);
        },
        refetchAll,
        { refetchOnFirstReady },
      );
      releaseLeadership = () => {
        close();
        resolve();
      };
    });
  const waitForLeadership = () =>
    navigator.locks
      .request(LOCK_NAME, { signal: abort.signal }, () =>
        // Taking over from a closed leader: events published during the handover
        // were lost, so refetch once the new stream is up.
        lead(true),
      )
      .catch(() => {
        // Aborted before this tab became the leader: nothing to clean up.
      });
  // Lead at once when no other tab does; otherwise follow, and wait in line.
  void navigator.locks
    .request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? lead(false) : waitForLeadership()))
    .catch(() => undefined);

  return () => {
    abort.abort();
    releaseLeadership?.();
    channel.close();
  };
}
