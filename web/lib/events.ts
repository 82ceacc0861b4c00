import type { QueryClient } from '@tanstack/react-query';
import {
  changeKinds,
  isChangeKind,
  parseRecentChanges,
  RECENT_WINDOW_MS,
  type ChangeEvent,
  type ChangeKind,
  type RecentChanges,
} from '#domain/realtime.ts';
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

/** Clock skew between server instances, and the error of estimating the server's clock from one frame. */
const MARGIN_MS = 2_000;

type Change = { at: number; event: ChangeEvent };
/** What a stream has told, on this browser's clock: complete from `from` on. */
type ChangeLog = { from: number; changes: Change[] };
type ChannelMessage = { type: 'replay-request' } | { type: 'replay'; from: number; changes: Change[] };

/**
 * The changes after `since` (this browser's clock) that a page's first reads may have missed, as the kinds
 * to refetch; every kind when the log does not reach back that far.
 */
export function changesSince(log: ChangeLog, since: number): readonly ChangeKind[] {
  if (since < log.from) return changeKinds;
  return [...new Set(log.changes.filter((change) => change.at >= since).map((change) => change.event.kind))];
}

/** A leader's `replay` message, checked rather than cast: another tab's code may be another version. */
function parseReplay(data: object): ChangeLog | null {
  if (
    !('from' in data) ||
    typeof data.from !== 'number' ||
    !('changes' in data) ||
    !Array.isArray(data.changes)
  )
    return null;
  const changes: Change[] = [];
  for (const change of data.changes as unknown[]) {
    if (typeof change !== 'object' || change === null || !('at' in change) || typeof change.at !== 'number')
      return null;
    const event = parse('event' in change ? change.event : undefined);
    if (!event) return null;
    changes.push({ at: change.at, event });
  }
  return { from: data.from, changes };
}

/** Adds a change the stream just told, forgetting those older than the window. */
function append(log: ChangeLog, event: ChangeEvent) {
  const now = Date.now();
  const cutoff = now - RECENT_WINDOW_MS;
  let stale = 0;
  while ((log.changes[stale]?.at ?? Infinity) < cutoff) stale += 1;
  if (stale > 0) log.changes.splice(0, stale);
  log.from = Math.max(log.from, cutoff);
  log.changes.push({ at: now, event });
}

/** The `ready` frame's recent changes moved onto this browser's clock. */
function toLog(recent: RecentChanges): ChangeLog {
  const offset = recent.now - Date.now();
  return {
    from: recent.from - offset,
    changes: recent.changes.map(({ at, ...event }) => ({ at: at - offset, event })),
  };
}

/** When this page started: every read it made came after. */
const pageStart = () => performance.timeOrigin - MARGIN_MS;

/**
 * Opens the stream; `onEvent` gets every change, `onReady` each `ready` frame with the changes
 * the instance delivered recently (`first` for the stream's first). Returns a closer.
 */
function openStream(
  onEvent: (event: ChangeEvent) => void,
  onReady: (log: ChangeLog | null, first: boolean) => void,
): () => void {
  const source = new EventSource('/api/events');
  let first = true;
  source.addEventListener('change', (message) => {
    const event = parse(message.data);
    if (event) onEvent(event);
  });
  source.addEventListener('ready', (message) => {
    let recent: RecentChanges | null = null;
    try {
      recent = parseRecentChanges(JSON.parse(String(message.data)));
    } catch {
      // Not JSON: treated as no log, which refetches everything.
    }
    onReady(recent && toLog(recent), first);
    first = false;
  });
  return () => source.close();
}

/**
 * Starts realtime updates for a signed-in user; returns a function that stops
 * them (call it on logout or unmount).
 *
 * A page reads its data before its stream is subscribed (ADR 041 preloads it with the HTML), so a change
 * in between would be missed. The stream's `ready` frame lists the user's changes of the last minute:
 * the first `ready` refetches what changed after the page started, and nothing when nothing did (ADR 045).
 * A later `ready` (a reconnect, or a new leader taking over) refetches everything, as events may have been
 * missed meanwhile.
 */
export function startRealtime(queryClient: QueryClient): () => void {
  const refetch = (kinds: readonly ChangeKind[]) => {
    if (kinds.length > 0) void invalidateChanges(queryClient, kinds);
  };
  const catchUp = (log: ChangeLog | null) => refetch(log ? changesSince(log, pageStart()) : changeKinds);
  const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator;
  if (!hasLocks || typeof BroadcastChannel === 'undefined') {
    return openStream(
      (event) => invalidate(queryClient, event),
      (log, first) => (first ? catchUp(log) : refetch(changeKinds)),
    );
  }

  const channel = new BroadcastChannel(CHANNEL_NAME);
  const post = (message: ChannelMessage) => channel.postMessage(message);
  // Set while this tab leads: what its stream told, for tabs that start later.
  let log: ChangeLog | undefined;
  let caughtUp = false;
  channel.onmessage = (message: MessageEvent<unknown>) => {
    const data = message.data;
    if (typeof data === 'object' && data !== null && 'type' in data) {
      if (data.type === 'replay-request' && log) post({ type: 'replay', ...log });
      else if (data.type === 'replay' && !caughtUp) {
        // The leader's log, for this tab's own first reads; one it cannot read refetches everything.
        caughtUp = true;
        const replayed = parseReplay(data);
        refetch(replayed ? changesSince(replayed, pageStart()) : changeKinds);
      }
      return;
    }
    const event = parse(data);
    if (event) invalidate(queryClient, event);
  };

  const abort = new AbortController();
  let releaseLeadership: (() => void) | undefined;
  // This tab leads until it stops: the lock is held by never settling early.
  const lead = (takingOver: boolean) =>
    new Promise<void>((resolve) => {
      const close = openStream(
        (event) => {
          if (log) append(log, event);
          invalidate(queryClient, event);
          channel.postMessage(event);
        },
        (next, first) => {
          const previous = log;
          log = next ?? { from: Date.now(), changes: [] };
          if (first && !takingOver && !caughtUp) {
            caughtUp = true;
            catchUp(next);
          } else if (previous || takingOver) {
            // A reconnect or a handover: events may have been missed meanwhile.
            refetch(changeKinds);
          }
          // Tabs that started before this stream was up catch up from it.
          if (first) post({ type: 'replay', ...log });
        },
      );
      releaseLeadership = () => {
        close();
        log = undefined;
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
  // Lead at once when no other tab does; otherwise follow, ask the leader what this page may have missed,
  // and wait in line.
  void navigator.locks
    .request(LOCK_NAME, { ifAvailable: true }, (lock) => {
      if (lock) return lead(false);
      post({ type: 'replay-request' });
      return waitForLeadership();
    })
    .catch(() => undefined);

  return () => {
    abort.abort();
    releaseLeadership?.();
    channel.close();
  };
}
