import { afterAll, beforeAll, expect, test } from 'vitest';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { browserKeys } from '#server/testing/push-endpoint.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

/**
 * A measurement, run on request (MEASURE=1, N=200): p50/p99 of POST
 * /api/bets/:id/accept with and without a subscribed creator. Pushes are
 * queued in the transaction and sent by the worker, never in the request.
 */
const N = Number(process.env['N'] ?? 200);
let t: TestApp;
beforeAll(async () => {
  if (process.env['MEASURE']) t = await createTestApp();
});
afterAll(async () => {
  if (process.env['MEASURE']) await t.close();
});

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function run(subscribed: boolean) {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  if (subscribed) {
    const res = await creator.agent.api.push.subscriptions.$post({ json: { endpoint: `https://fcm.googleapis.com/fcm/send/${creator.user.id}`, keys: browserKeys().keys } });
    expect(res.status).toBe(200);
  }
  const times: number[] = [];
  for (let i = 0; i < N; i += 1) {
    const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
    const started = performance.now();
    const res = await opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} });
    times.push(performance.now() - started);
    expect(res.status).toBe(200);
  }
  times.sort((a, b) => a - b);
  return { p50: Number(quantile(times, 0.5).toFixed(1)), p99: Number(quantile(times, 0.99).toFixed(1)) };
}

test.skipIf(!process.env['MEASURE'])('accept latency with and without a subscribed creator', { timeout: 600_000 }, async () => {
  const without = await run(false);
  const withPush = await run(true);
  process.stdout.write(`accept latency ms (N=${N}) without subscription ${JSON.stringify(without)} with subscription ${JSON.stringify(withPush)}\n`);
});
