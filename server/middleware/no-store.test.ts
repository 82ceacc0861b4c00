import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../testing/agent.ts';
import { signedInUser } from '../testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app.ts';

/* Signed-in JSON answers are never stored by a browser or a cache in between. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

test('every JSON answer of the API, signed in or not, success or error, carries Cache-Control: no-store', async () => {
  const { agent } = await signedInUser(t);
  const answers = [
    await agent.api.profile.$get(),
    await agent.api.bets.mine.$get(),
    await agent.api.feed.$get({ query: {} }),
    // Outside the typed API: better-auth and a path no route serves.
    await agent.get('/api/auth/get-session'),
    await agent.api.bets.$post({ json: { description: '', amount: 0, opponentId: 'x' } }),
    await createAgent(t).api.profile.$get(),
    await agent.get('/api/no-such-thing'),
  ];
  for (const [index, res] of answers.entries()) {
    expect(res.headers.get('content-type')).toContain('application/json');
    expect({
      index,
      status: res.status,
      cacheControl: res.headers.get('cache-control'),
    }).toMatchObject({ cacheControl: 'no-store' });
  }
});

test('routes that choose their own caching keep it: avatars immutable, the event stream no-cache', async () => {
  const { agent } = await signedInUser(t);
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .png()
    .toBuffer();
  const uploaded = await t.app.request(`${TEST_ORIGIN}/api/profile/avatar`, {
    method: 'PUT',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'image/png',
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: png,
  });
  expect(uploaded.status).toBe(200);
  expect(uploaded.headers.get('cache-control')).toBe('no-store');
  // The upload is a raw image body, outside the typed client: its answer is checked, not cast.
  const { image } = z.object({ image: z.string() }).parse(await uploaded.json());
  const avatar = await t.app.request(`${TEST_ORIGIN}${image}`);
  expect(avatar.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  const controller = new AbortController();
  const stream = await t.app.request(`${TEST_ORIGIN}/api/events`, {
    headers: { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    signal: controller.signal,
  });
  expect(stream.headers.get('cache-control')).toMatch(/^no-cache/);
  await stream.body?.cancel();
  controller.abort();
});

test('a body refused for its size is marked no-store too', async () => {
  const { agent } = await signedInUser(t);
  const res = await agent.api.bets.$post({
    json: { description: 'x'.repeat(70_000), amount: 5, opponentId: 'x' },
  });
  expect(res.status).toBe(413);
  expect(res.headers.get('cache-control')).toBe('no-store');
});
