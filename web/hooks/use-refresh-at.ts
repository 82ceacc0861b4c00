import { useEffect, useRef } from 'react';

/** Never ask again sooner than this, so a device clock ahead of the server's cannot spin. */
const MIN_DELAY_MS = 30_000;
/** setTimeout's limit (about 24.8 days). */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Calls `refresh` once the server-given time `at` (ISO) has come, so the screen
 * asks the server again instead of deciding on the device's clock. Nothing
 * happens while `at` is null.
 */
export function useRefreshAt(at: string | null, refresh: () => void): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    if (at === null) return;
    const delay = Math.min(Math.max(new Date(at).getTime() - Date.now(), MIN_DELAY_MS), MAX_DELAY_MS);
    const timer = setTimeout(() => latest.current(), delay);
    return () => clearTimeout(timer);
  }, [at]);
}
