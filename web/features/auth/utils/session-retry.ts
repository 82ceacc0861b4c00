/*
 * One retry loop for failed session reads, shared by every component that reads the session
 * (the route guards, the verification notice): 1 s, 2 s, 4 s … at most 30 s apart.
 */

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

let timer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

/** Only an explicit 401 means "no session"; a signed-out read is a 200 with no user. */
export function isSignedOutAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 401;
}

export function sessionRetryDelayMs(failureCount: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** failureCount, MAX_DELAY_MS);
}

export function scheduleSessionRetry(refetch: () => Promise<unknown>): void {
  if (timer !== undefined) return;
  const delay = sessionRetryDelayMs(failures);
  failures += 1;
  timer = setTimeout(() => {
    timer = undefined;
    void refetch();
  }, delay);
}

export function sessionReadSucceeded(): void {
  failures = 0;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}
