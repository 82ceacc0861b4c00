import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test } from 'vitest';
import { clearOfflineCopy, keepOfflineCopy, readOfflineSession } from './offline-cache.ts';

const KEY = 'sidepot-offline-copy';
const session = { user: { id: 'ana' }, session: { id: 's1', expiresAt: '2027-01-01T00:00:00.000Z' } };

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(() => {
  setOnline(true);
  clearOfflineCopy();
});

test('the copy keeps the session and the screens’ successful queries, nothing else, and never without a session', async () => {
  const client = new QueryClient();
  let signedIn: typeof session | null = null;
  keepOfflineCopy(client, () => signedIn);
  client.setQueryData(['feed', 'pages'], { pages: [{ items: ['bet-1'] }], pageParams: [null] });
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  expect(localStorage.getItem(KEY)).toBeNull();

  signedIn = session;
  client.setQueryData(['user-search', 'ana'], ['someone']);
  client.setQueryData(['balances'], { items: [{ net: -35 }] });
  await expect.poll(() => localStorage.getItem(KEY), { timeout: 3_000 }).not.toBeNull();
  const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
  expect(saved).toMatchObject({ version: 1, session });
  const text = JSON.stringify(saved);
  expect(text).toContain('bet-1');
  expect(text).toContain('-35');
  expect(text).not.toContain('someone');
  expect(readOfflineSession()).toEqual(session);

  clearOfflineCopy();
  expect(localStorage.getItem(KEY)).toBeNull();
  expect(readOfflineSession()).toBeNull();
});

test('an app that starts offline begins from the copy; one that starts online does not', async () => {
  const writer = new QueryClient();
  keepOfflineCopy(writer, () => session);
  writer.setQueryData(['profile'], { name: 'Ana' });
  await expect.poll(() => localStorage.getItem(KEY), { timeout: 3_000 }).not.toBeNull();

  const online = new QueryClient();
  keepOfflineCopy(online, () => null);
  expect(online.getQueryData(['profile'])).toBeUndefined();

  setOnline(false);
  const offline = new QueryClient();
  keepOfflineCopy(offline, () => null);
  expect(offline.getQueryData(['profile'])).toEqual({ name: 'Ana' });
});

test('a copy that is not ours (garbled, another version) is ignored', () => {
  localStorage.setItem(KEY, '{"version":0,"session":{"user":{"id":"x"}},"queries":{"queries":[]}}');
  expect(readOfflineSession()).toBeNull();
  localStorage.setItem(KEY, 'not json');
  expect(readOfflineSession()).toBeNull();
});
