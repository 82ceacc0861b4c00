import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { installFastHmac } from './fast-hmac.ts';

installFastHmac();
const { subtle } = globalThis.crypto;
const secret = new TextEncoder().encode('a secret of the right sort, 32+ bytes long');
const data = new TextEncoder().encode('session-token-value');
const hmac = { name: 'HMAC', hash: 'SHA-256' };

test('HMAC sign and verify give what node:crypto gives', async () => {
  const key = await subtle.importKey('raw', secret, hmac, false, ['sign', 'verify']);
  const signature = Buffer.from(await subtle.sign('HMAC', key, data));
  expect(signature).toEqual(createHmac('sha256', secret).update(data).digest());
  expect(await subtle.verify(hmac, key, signature, data)).toBe(true);
});

test('a tampered, truncated or foreign signature is refused', async () => {
  const key = await subtle.importKey('raw', secret, hmac, false, ['sign', 'verify']);
  const signature = new Uint8Array(await subtle.sign('HMAC', key, data));
  const tampered = signature.slice();
  tampered[0] = (tampered[0] ?? 0) ^ 1;
  expect(await subtle.verify(hmac, key, tampered, data)).toBe(false);
  expect(await subtle.verify(hmac, key, signature.slice(0, 31), data)).toBe(false);
  const other = await subtle.importKey('raw', new TextEncoder().encode('another secret'), hmac, false, ['verify']);
  expect(await subtle.verify(hmac, other, signature, data)).toBe(false);
  expect(await subtle.verify(hmac, key, signature, new TextEncoder().encode('session-token-valuf'))).toBe(false);
});

test('the same secret is imported once; a key without the usage is still refused', async () => {
  const first = await subtle.importKey('raw', secret, hmac, false, ['sign', 'verify']);
  const second = await subtle.importKey('raw', Uint8Array.from(secret), hmac, false, ['verify', 'sign']);
  expect(second).toBe(first);
  const verifyOnly = await subtle.importKey('raw', secret, hmac, false, ['verify']);
  await expect(subtle.sign('HMAC', verifyOnly, data)).rejects.toThrow();
});

test('other algorithms are left to WebCrypto', async () => {
  const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const algorithm = { name: 'ECDSA', hash: 'SHA-256' };
  const signature = await subtle.sign(algorithm, pair.privateKey, data);
  expect(await subtle.verify(algorithm, pair.publicKey, signature, data)).toBe(true);
});
