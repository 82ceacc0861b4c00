import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAgent } from '#server/testing/agent.ts';
import { createVerifiedUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

// Production's scrypt: with the tests' cheap hash there would be no difference to measure.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realPasswordHashing: true });
});
afterAll(() => closeTestApp(t));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

test('username sign-in takes as long for an unknown username as for a known one with a wrong password; the message stays', async () => {
  const samples = 6;
  // One known account per sample: the per-account throttle answers fast after 5 failures, which is not what is timed here.
  const known: string[] = [];
  for (let i = 0; i < samples; i += 1) known.push((await createVerifiedUser(t)).input.username);
  const time = async (username: string) => {
    // A fresh address each time: the per-address sign-in budget is 10 a minute.
    const started = performance.now();
    const res = await createAgent(t).post('/api/auth/sign-in/username', { username, password: 'wrong-password-1' });
    const ms = performance.now() - started;
    return { ms, status: res.status, body: await res.text() };
  };
  // Warm-up: the first unknown name also hashes the dummy password once.
  await time('nobody_warmup');
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const unknown = await time(`nobody_${i}_${Date.now()}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toContain('Username not found. Please check your username or try using your email.');
    unknownMs.push(unknown.ms);
    const wrong = await time(known[i] ?? '');
    expect(wrong.status).toBe(401);
    knownMs.push(wrong.ms);
  }
  const ratio = median(knownMs) / median(unknownMs);
  console.info(`sign-in timing: known+wrong password median ${median(knownMs).toFixed(1)} ms, unknown ${median(unknownMs).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
  // Generous, for a loaded machine: without the dummy check the ratio was 10 to 21 (scrypt against none).
  expect(ratio).toBeLessThan(3);
  expect(ratio).toBeGreaterThan(1 / 3);
}, 120_000);
