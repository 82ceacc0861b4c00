import { openDatabase } from '#server/db/client.ts';
import { createEventBus, createRedisEventBus, type EventBus } from '#server/lib/events.ts';
import { createLogger } from '#server/lib/logger.ts';
import { percentile } from './load-loop.ts';

export type FanoutRow = {
  bus: 'NOTIFY' | 'Redis';
  offered: number;
  published: number;
  delivered: number;
  p50: number;
  p99: number;
  lagging: boolean;
};

const STEP_MS = 2000;
const TICK_MS = 10;
/** A rate "lags" when the 99th percentile delivery delay passes this, or events go missing. */
const LAG_MS = 100;

/**
 * Publishes on one bus and receives on another (two instances) at rising rates, through the
 * app's own EventBus: PostgreSQL NOTIFY on the direct URL, or Redis pub/sub. The send time
 * rides in the event's betId so the receiver measures each event's delay.
 */
async function measure(
  bus: FanoutRow['bus'],
  publisher: EventBus,
  receiver: EventBus,
  rates: number[],
): Promise<FanoutRow[]> {
  const rows: FanoutRow[] = [];
  const delays: number[] = [];
  const unsubscribe = receiver.subscribe('fanout-user', (event) => {
    if ('betId' in event && event.betId) delays.push(performance.now() - Number(event.betId.split(':')[1]));
  });
  try {
    for (const rate of rates) {
      delays.length = 0;
      let published = 0;
      const perTick = Math.max(1, Math.round((rate * TICK_MS) / 1000));
      const begin = performance.now();
      for (let tick = 0; performance.now() - begin < STEP_MS; tick += 1) {
        const due = begin + tick * TICK_MS;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await Promise.all(
          Array.from({ length: perTick }, () => {
            published += 1;
            return publisher.publish(['fanout-user'], {
              kind: 'feed',
              betId: `${published}:${performance.now()}`,
            });
          }),
        );
      }
      const sentFor = performance.now() - begin;
      // What is still on its way gets one more second.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const p99 = percentile(delays, 99);
      rows.push({
        bus,
        offered: rate,
        published: Math.round((published * 1000) / sentFor),
        delivered: delays.length,
        p50: percentile(delays, 50),
        p99,
        lagging:
          p99 > LAG_MS || delays.length < published * 0.99 || published < rate * 0.9 * (STEP_MS / 1000),
      });
    }
  } finally {
    unsubscribe();
  }
  return rows;
}

export async function benchFanout(
  directUrl: string,
  redisUrl: string | undefined,
  rates: number[],
): Promise<FanoutRow[]> {
  const logger = createLogger('error');
  const database = await openDatabase({ kind: 'postgres', url: directUrl, poolSize: 2 });
  const rows: FanoutRow[] = [];
  try {
    const publisher = await createEventBus(database, logger);
    const receiver = await createEventBus(database, logger);
    rows.push(...(await measure('NOTIFY', publisher, receiver, rates)));
    await publisher.close();
    await receiver.close();
    if (redisUrl) {
      const prefix = `loadtest-${process.pid}:`;
      const redisPublisher = await createRedisEventBus({ url: redisUrl, prefix }, logger);
      const redisReceiver = await createRedisEventBus({ url: redisUrl, prefix }, logger);
      rows.push(...(await measure('Redis', redisPublisher, redisReceiver, rates)));
      await redisPublisher.close();
      await redisReceiver.close();
    }
  } finally {
    await database.close();
  }
  return rows;
}
