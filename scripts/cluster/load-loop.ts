import type { Reply } from './http-client.ts';

/** One request's outcome: a 5xx or a transport error (reset, timeout) counts as failed. */
export type Outcome = {
  at: number;
  ms: number;
  ok: boolean;
  status: number;
  server: string;
  label: string;
  error?: string;
};

/**
 * Runs `workers` loops side by side, each calling `step` back to back, until `stop()`
 * is called (or `durationMs` passes). Bounded: at most `workers` requests in flight.
 */
export function startLoad(
  workers: number,
  step: (worker: number, iteration: number) => Promise<{ label: string; reply: Reply }>,
  durationMs?: number,
) {
  const outcomes: Outcome[] = [];
  let stopping = false;
  const deadline = durationMs === undefined ? Infinity : performance.now() + durationMs;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let iteration = 0; !stopping && performance.now() < deadline; iteration += 1) {
      const at = performance.now();
      try {
        const { label, reply } = await step(worker, iteration);
        outcomes.push({
          at,
          ms: reply.ms,
          ok: reply.status < 500,
          status: reply.status,
          server: reply.server,
          label,
        });
      } catch (error) {
        outcomes.push({
          at,
          ms: performance.now() - at,
          ok: false,
          status: 0,
          server: '',
          label: 'error',
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  });
  const done = Promise.all(loops).then(() => outcomes);
  return {
    outcomes,
    stop: () => {
      stopping = true;
      return done;
    },
    done,
  };
}

/** p-th percentile (0–100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
