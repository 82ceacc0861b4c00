import { RECENT_WINDOW_MS, type ChangeEvent, type RecentChanges } from '#domain/realtime.ts';
/** Entries kept for the whole instance; past this the oldest go, and the window starts after them. */
const MAX_ENTRIES = 20_000;
/** Changes told to one new stream; a user with more in the window refetches everything instead. */
const MAX_PER_USER = 50;

type Entry = { at: number; userIds: readonly string[]; event: ChangeEvent };

/**
 * The changes this instance delivered in the last minute, so a new stream can tell its browser what
 * happened between the page's first data reads and the stream's subscription (ADR 045). Every instance
 * hears every change (NOTIFY or Redis), so whichever instance a browser's stream reaches knows them.
 */
export function createRecentEvents(now: () => number = Date.now) {
  const entries: Entry[] = [];
  let head = 0;
  /** Changes at or after this time are all here. */
  let completeFrom = now();

  function drop(before: number) {
    while (head < entries.length && (entries[head]?.at ?? Infinity) < before) head += 1;
    // Compact now and then rather than shifting on every drop.
    if (head > 1024 && head * 2 > entries.length) {
      entries.splice(0, head);
      head = 0;
    }
  }

  return {
    add: (userIds: readonly string[], event: ChangeEvent) => {
      const at = now();
      entries.push({ at, userIds, event });
      if (entries.length - head > MAX_ENTRIES) {
        const evicted = entries[head];
        head += 1;
        if (evicted) completeFrom = Math.max(completeFrom, evicted.at + 1);
      }
      drop(at - RECENT_WINDOW_MS);
    },
    /** Changes may have been missed before now (the instance's bus connection was down). */
    markGap: () => {
      completeFrom = now();
    },
    /** This user's changes in the window, oldest first, and from when the list is complete. */
    since: (userId: string): RecentChanges => {
      const at = now();
      let from = Math.max(completeFrom, at - RECENT_WINDOW_MS);
      const mine: RecentChanges['changes'] = [];
      for (let index = entries.length - 1; index >= head; index -= 1) {
        const entry = entries[index];
        if (!entry || entry.at < from) break;
        if (!entry.userIds.includes(userId)) continue;
        if (mine.length === MAX_PER_USER) {
          from = entry.at + 1;
          break;
        }
        mine.unshift({ ...entry.event, at: entry.at });
      }
      return { now: at, from, changes: mine };
    },
  };
}

export type RecentEvents = ReturnType<typeof createRecentEvents>;
