import { useContext, useSyncExternalStore } from 'react';
import { localToday } from '#domain/bet-rules.ts';
import { RenderedPage, type RenderClock } from './session.ts';

/** How long a page may go on showing times by the server's clock: as long as a text like '5m ago' stays right. */
const ADOPTED_FOR_MS = 60_000;

const noChanges = () => () => {};
/** Tells the clock's readers once the server's clock is no longer the page's (see below). */
function untilExpiry(onChange: () => void): () => void {
  const timer = setTimeout(onChange, ADOPTED_FOR_MS);
  return () => clearTimeout(timer);
}

/**
 * The server's clock while the server renders and while the browser hydrates that markup, so a time-dependent
 * text ('5m ago', 'Overdue', a closing time) hydrates as the server drew it. Afterwards the page keeps it while
 * it still shows what the device's clock would (the device is in the zone the server used, and it is under a
 * minute old), so no part renders again right after hydration; then null: the device's own clock, as in any
 * other render. React renders the readers again when that changes.
 */
function useRenderedClock(): RenderClock | null {
  const rendered = useContext(RenderedPage).clock;
  return useSyncExternalStore(
    rendered ? untilExpiry : noChanges,
    () =>
      rendered &&
      Date.now() - rendered.now < ADOPTED_FOR_MS &&
      new Date(rendered.now).getTimezoneOffset() === rendered.offset
        ? rendered
        : null,
    () => rendered,
  );
}

/** Now, for a render: the server's while hydrating its markup, else undefined (the device's clock, now). */
export function useRenderNow(): Date | undefined {
  const clock = useRenderedClock();
  return clock ? new Date(clock.now) : undefined;
}

/** Today (YYYY-MM-DD) for a render: the server's while hydrating its markup, else the device's. */
export function useRenderToday(): string {
  return useRenderedClock()?.today ?? localToday();
}

/** The time zone to show times in: the server's while hydrating its markup, else undefined (the device's). */
export function useRenderTimeZone(): string | undefined {
  return useRenderedClock()?.timeZone;
}

/** The viewer's time zone as the server knows it (the cookie), checked; UTC when unknown or not a zone. */
export function renderClockAt(now: number, timeZone: string | undefined): RenderClock {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  // The zone's wall time at `now`, read as if it were UTC, is ahead of `now` by the zone's offset.
  const wall = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wallAsUtc = Date.UTC(
    wall['year'] ?? 0,
    (wall['month'] ?? 1) - 1,
    wall['day'] ?? 1,
    wall['hour'] ?? 0,
    wall['minute'] ?? 0,
  );
  const offset = Math.round((Math.floor(now / 60_000) * 60_000 - wallAsUtc) / 60_000);
  return { now, today, timeZone: zone, offset };
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
