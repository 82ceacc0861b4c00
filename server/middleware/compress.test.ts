import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { insertBet } from '../testing/bets.ts';
import { insertUser, makeFriends, signedInUser } from '../testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app.ts';
import { COMPRESS_THRESHOLD, compressResponses, pickEncoding } from './compress.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

/** A signed-in user whose /api/bets/mine answer is well over the threshold. */
async function userWithManyBets() {
  const { agent, user } = await signedInUser(t);
  const friend = await insertUser(t);
  await makeFriends(t, user.id, friend.id);
  for (let i = 0; i < 12; i += 1)
    await insertBet(t, { createdBy: user.id, opponentId: friend.id, status: 'active' });
  return agent;
}

test.each([
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip, deflate', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['gzip;q=0.5, br;q=0.4', 'gzip'],
  ['*', 'br'],
  ['*, br;q=0', 'gzip'],
  ['identity', undefined],
  ['gzip;q=0, br;q=0', undefined],
  [undefined, undefined],
])('Accept-Encoding %s picks %s', (header, expected) => {
  expect(pickEncoding(header)).toBe(expected);
});

test.each(['br', 'gzip'] as const)(
  'a large JSON answer is %s-compressed and decodes to the same bytes',
  async (encoding) => {
    const agent = await userWithManyBets();
    const plain = await agent.request('/api/bets/mine', { headers: { 'accept-encoding': 'identity' } });
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    expect(plainBytes.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const res = await agent.request('/api/bets/mine', { headers: { 'accept-encoding': encoding } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toContain('application/json');
    // The API's own headers survive the re-encoding.
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(plainBytes.length / 2);
    const decoded = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
    expect(decoded.equals(plainBytes)).toBe(true);
  },
);

test('a small JSON answer is sent as it is', async () => {
  const res = await t.app.request(`${TEST_ORIGIN}/api/health`, {
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-encoding')).toBeNull();
  expect((await res.arrayBuffer()).byteLength).toBeLessThan(COMPRESS_THRESHOLD);
});

test('a HEAD answer is never compressed', async () => {
  const res = await t.app.request(`${TEST_ORIGIN}/api/bets/mine`, {
    method: 'HEAD',
    headers: { 'accept-encoding': 'br' },
  });
  expect(res.headers.get('content-encoding')).toBeNull();
});

test('the event stream is never compressed (a compressor would hold its frames back)', async () => {
  const { agent } = await signedInUser(t);
  const res = await agent.request('/api/events', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  expect(res.headers.get('content-encoding')).toBeNull();
  // The first frame arrives without waiting for more: the stream is not buffered.
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const first = await reader.read();
  expect(first.done).toBe(false);
  await reader.cancel();
});

test('answers under the excepted prefix (auth, which carries session tokens) are never compressed', async () => {
  const big = { token: 'secret', padding: 'x'.repeat(4 * COMPRESS_THRESHOLD) };
  const app = new Hono<AppEnv>()
    .use(compressResponses({ except: '/api/auth/' }))
    .get('/api/auth/session', (c) => c.json(big))
    .get('/api/bets', (c) => c.json(big));
  const auth = await app.request('/api/auth/session', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(auth.headers.get('content-encoding')).toBeNull();
  expect(await auth.json()).toEqual(big);
  const other = await app.request('/api/bets', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(other.headers.get('content-encoding')).toBe('br');
});

test('the real app never compresses better-auth answers', async () => {
  const { agent } = await signedInUser(t);
  const res = await agent.request('/api/auth/get-session', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-encoding')).toBeNull();
  expect(res.headers.get('vary') ?? '').not.toMatch(/accept-encoding/i);
});
