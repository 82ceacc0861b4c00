import { expect, test } from 'vitest';
import { returnPathFrom } from './return-path.ts';

const code = 'AbCdEfGhIjKlMnOpQrStUv';

test('a sign-in from an invite link comes back to the invite page', () => {
  expect(returnPathFrom(null, `?invite=${code}`)).toBe(`/invite/${code}`);
  expect(returnPathFrom(undefined, '')).toBe('/home');
});

test('a malformed invite code is never turned into a path', () => {
  expect(returnPathFrom(null, '?invite=..%2F..%2Fprofile')).toBe('/home');
  expect(returnPathFrom(null, '?invite=//evil.example')).toBe('/home');
});

test('the page the visitor was sent away from wins over the invite', () => {
  expect(returnPathFrom({ from: '/bets/1' }, `?invite=${code}`)).toBe('/bets/1');
});
