import { expect, test } from 'vitest';
import { dataPreloads } from './data-preloads.ts';

const tag = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;
const SIGNED_IN = 'theme=x; sidepot.session_token=abc.def';

test("with a session cookie the shell preloads the session and the screen's first data", () => {
  expect(dataPreloads('/profile', SIGNED_IN)).toBe(
    tag('/api/auth/get-session') +
      tag('/api/profile') +
      tag('/api/balances') +
      tag('/api/groups') +
      tag('/api/bets/mine') +
      tag('/api/pots/mine') +
      tag('/api/challenges/mine'),
  );
  expect(dataPreloads('/feed', '__Secure-sidepot.session_token=abc')).toBe(
    tag('/api/auth/get-session') + tag('/api/feed'),
  );
  // A screen without a known first read still gets the session, which every screen reads.
  expect(dataPreloads('/login', SIGNED_IN)).toBe(tag('/api/auth/get-session'));
});

test('without a session cookie nothing is preloaded, and the shell says nobody is signed in', () => {
  const hint = '<meta name="sidepot-session" content="none">';
  expect(dataPreloads('/profile', undefined)).toBe(hint);
  expect(dataPreloads('/login', '')).toBe(hint);
  expect(dataPreloads('/profile', 'theme=x; other.session_token=abc')).toBe(hint);
  expect(dataPreloads('/profile', 'sidepot.session_data=abc')).toBe(hint);
});

test('a signed-in request never gets the signed-out hint', () => {
  expect(dataPreloads('/login', SIGNED_IN)).not.toContain('sidepot-session');
});
