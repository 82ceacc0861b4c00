import { expect, test } from 'vitest';
import { dataPreloads } from './data-preloads.ts';

const tag = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;
const SIGNED_IN = 'theme=x; sidepot.session_token=abc.def';

test("with a session cookie the shell preloads the session and the screen's first data", () => {
  expect(dataPreloads('/profile', SIGNED_IN)).toBe(
    tag('/api/auth/get-session') + tag('/api/profile') + tag('/api/bets/mine'),
  );
  expect(dataPreloads('/feed', '__Secure-sidepot.session_token=abc')).toBe(
    tag('/api/auth/get-session') + tag('/api/feed'),
  );
  // A screen without a known first read still gets the session, which every screen reads.
  expect(dataPreloads('/login', SIGNED_IN)).toBe(tag('/api/auth/get-session'));
});

test('without a session cookie nothing is preloaded (the app reads no data signed out)', () => {
  expect(dataPreloads('/profile', undefined)).toBe('');
  expect(dataPreloads('/profile', 'theme=x; other.session_token=abc')).toBe('');
  expect(dataPreloads('/profile', 'sidepot.session_data=abc')).toBe('');
});
