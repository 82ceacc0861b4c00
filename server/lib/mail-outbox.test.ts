import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createMailWorker, MAX_MAIL_ATTEMPTS, retryDelaySeconds } from './mail-outbox.ts';
import { createMemoryTransport } from './mail-transport.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const message = (to: string) => ({ to, subject: 'Hello', text: 'Hi https://x.test/a', html: '<p>Hi</p>' });

test('retry delays back off exponentially and are capped at an hour', () => {
  expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
  expect(retryDelaySeconds(30)).toBe(3600);
});

test('a failed delivery stays queued with a later attempt time, then is delivered', async () => {
  const transport = createMemoryTransport();
  const worker = createMailWorker({ db: t.db, transport, logger: t.deps.logger });
  transport.failNext = 1;
  await worker.send(message('retry@example.com'));
  await worker.drain();

  const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@example.com'));
  expect(queued).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: 'simulated SMTP failure' });
  expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
  expect(transport.sent).toHaveLength(0);

  // Not due yet: another pass sends nothing.
  await worker.drain();
  expect(transport.sent).toHaveLength(0);

  await t.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.to, 'retry@example.com'));
  await worker.drain();
  expect(transport.sent.map((m) => m.to)).toEqual(['retry@example.com']);
  const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@example.com'));
  expect(sent?.sentAt).toBeInstanceOf(Date);
  expect(sent?.attempts).toBe(2);
  t.logs.splice(0);
});

test('a message that keeps failing is given up after the last attempt', async () => {
  const transport = createMemoryTransport();
  const worker = createMailWorker({ db: t.db, transport, logger: t.deps.logger });
  transport.failNext = MAX_MAIL_ATTEMPTS;
  await worker.send(message('dead@example.com'));
  for (let attempt = 0; attempt < MAX_MAIL_ATTEMPTS; attempt += 1) {
    await t.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.to, 'dead@example.com'));
    await worker.drain();
  }
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dead@example.com'));
  expect(row?.attempts).toBe(MAX_MAIL_ATTEMPTS);
  expect(row?.failedAt).toBeInstanceOf(Date);
  expect(transport.sent).toHaveLength(0);
  t.logs.splice(0);
});

test('two workers draining at once deliver each message exactly once', async () => {
  const transport = createMemoryTransport();
  const a = createMailWorker({ db: t.db, transport, logger: t.deps.logger });
  const b = createMailWorker({ db: t.db, transport, logger: t.deps.logger });
  for (let i = 0; i < 30; i += 1) await a.send(message(`once-${i}@example.com`));
  await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
  const delivered = transport.sent.filter((m) => m.to.startsWith('once-')).map((m) => m.to);
  expect(delivered).toHaveLength(30);
  expect(new Set(delivered).size).toBe(30);
});
