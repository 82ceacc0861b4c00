import type { Logger } from './logger.ts';

export type PeriodicJob = { start(): void; stop(): Promise<void> };

/**
 * Runs `runPass` now and then every `intervalMs`; a pass that handled a full batch runs again at
 * once, since more may be due. A failed pass is logged and retried at the next tick; the timer never
 * keeps the process alive, and `stop` waits for a pass in flight. Safe on several instances only if
 * the pass claims its rows itself (SKIP LOCKED or one conditional statement).
 */
export function createPeriodicJob(options: {
  runPass: () => Promise<number>;
  batchSize: number;
  intervalMs: number;
  logger: Logger;
  failureMessage: string;
}): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  const pass = () => {
    running = (async () => {
      try {
        while (!stopped && (await options.runPass()) === options.batchSize);
      } catch (error) {
        options.logger.error({ err: error }, options.failureMessage);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void pass().finally(schedule), options.intervalMs);
    timer.unref();
  }

  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      void pass().finally(schedule);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
