import { expect, test } from 'vitest';
import { invalidProxyEntries, resolveClientIp } from './client-ip.ts';

const LB = ['10.0.0.0/8'];

test('without trusted proxies the TCP peer is the client, headers are ignored', () => {
  expect(resolveClientIp('203.0.113.9', '198.51.100.1', [])).toBe('203.0.113.9');
});

test('behind a trusted load balancer the forwarded client address is used', () => {
  expect(resolveClientIp('10.1.2.3', '198.51.100.7', LB)).toBe('198.51.100.7');
  // The client may prepend anything; only the hop the balancer appended counts.
  expect(resolveClientIp('10.1.2.3', '1.1.1.1, 198.51.100.7', LB)).toBe('198.51.100.7');
  expect(resolveClientIp('10.1.2.3', '198.51.100.7, 10.9.9.9', LB)).toBe('198.51.100.7');
});

test('an untrusted peer cannot pick its address with X-Forwarded-For', () => {
  expect(resolveClientIp('203.0.113.9', '198.51.100.7', LB)).toBe('203.0.113.9');
});

test('a trusted peer without the header is itself the client', () => {
  expect(resolveClientIp('10.1.2.3', undefined, LB)).toBe('10.1.2.3');
});

test('bad proxy entries are reported', () => {
  expect(invalidProxyEntries(['10.0.0.0/8', '::1', 'not-an-ip', '10.0.0.0/99'])).toEqual([
    'not-an-ip',
    '10.0.0.0/99',
  ]);
});
