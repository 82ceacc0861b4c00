import { expect, test } from 'vitest';
import { returnPathFrom, verifiedCallbackUrl } from './return-path.ts';

const code = 'AbCdEfGhIjKlMnOpQrStUv';
const next = (path: string) => `?next=${encodeURIComponent(path)}`;

test('the return path comes from navigation state, else from ?next=, else /home', () => {
  expect(returnPathFrom({ from: '/challenge/abc' })).toBe('/challenge/abc');
  expect(returnPathFrom(null, next('/challenge/abc'))).toBe('/challenge/abc');
  expect(returnPathFrom({ from: '/bets/1' }, next('/challenge/abc'))).toBe('/bets/1');
  expect(returnPathFrom(undefined)).toBe('/home');
});

test('a return path never leaves the site', () => {
  for (const path of [
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
  ]) {
    expect(returnPathFrom(null, next(path))).toBe('/home');
    expect(returnPathFrom({ from: path })).toBe('/home');
  }
});

test('the verification callback carries the return path', () => {
  expect(verifiedCallbackUrl(null)).toBe('/login?verified=1');
  expect(verifiedCallbackUrl('/challenge/abc')).toBe('/login?verified=1&next=%2Fchallenge%2Fabc');
});

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
  expect(returnPathFrom(null, `${next('/challenge/abc')}&invite=${code}`)).toBe('/challenge/abc');
});
