import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('health answers 200 with the database kind once the database answers', async () => {
  const res = await t.app.request(`${TEST_ORIGIN}/api/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', database: t.deps.database.kind });
});

test('config exposes the support email and nothing secret', async () => {
  const res = await t.app.request(`${TEST_ORIGIN}/api/config`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ supportEmail: 'support@sidepot.app' });
});

test('an unknown API path is a JSON 404', async () => {
  const res = await t.app.request(`${TEST_ORIGIN}/api/no-such-thing`);
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
});

test('responses carry security headers', async () => {
  const res = await t.app.request(`${TEST_ORIGIN}/api/health`);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

test('an oversized request body is refused with 413', async () => {
  const res = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100_000) }),
  });
  expect(res.status).toBe(413);
  expect(await res.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
});
