import { expect, test } from 'vitest';
import { returnPathFrom, verifiedCallbackUrl } from './return-path.ts';

test('the return path comes from navigation state, else from ?next=, else /home', () => {
  expect(returnPathFrom({ from: '/challenge/abc' })).toBe('/challenge/abc');
  expect(returnPathFrom(null, '/challenge/abc')).toBe('/challenge/abc');
  expect(returnPathFrom({ from: '/bets/1' }, '/challenge/abc')).toBe('/bets/1');
  expect(returnPathFrom(undefined)).toBe('/home');
});

test('a return path never leaves the site', () => {
  for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '']) {
    expect(returnPathFrom(null, next)).toBe('/home');
    expect(returnPathFrom({ from: next })).toBe('/home');
  }
});

test('the verification callback carries the return path', () => {
  expect(verifiedCallbackUrl(null)).toBe('/login?verified=1');
  expect(verifiedCallbackUrl('/challenge/abc')).toBe('/login?verified=1&next=%2Fchallenge%2Fabc');
});
