import { createHmac, KeyObject, timingSafeEqual, type webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
type BufferSource = webcrypto.BufferSource;

/**
 * HMAC through WebCrypto, the cheap way (ADR 040). better-call and better-auth
 * check the session cookies with `crypto.subtle`: each check imports the secret again and verifies
 * on the thread pool, ~100 µs of CPU per HMAC, two per signed-in request. Here an imported HMAC key
 * is kept (so the same secret is imported once) and sign/verify with an HMAC key run synchronously
 * with node:crypto (~8 µs). The answers are the same HMACs; every other algorithm is untouched.
 */
const HASHES = new Map([
  ['SHA-1', 'sha1'],
  ['SHA-256', 'sha256'],
  ['SHA-384', 'sha384'],
  ['SHA-512', 'sha512'],
]);
// Our own secrets only; anything past this is imported as before, so the cache cannot grow.
const MAX_KEYS = 16;

type SignAlgorithm = Parameters<webcrypto.SubtleCrypto['sign']>[0];

function algorithmName(algorithm: unknown): string | undefined {
  if (typeof algorithm === 'string') return algorithm.toUpperCase();
  if (typeof algorithm === 'object' && algorithm !== null && 'name' in algorithm && typeof algorithm.name === 'string') {
    return algorithm.name.toUpperCase();
  }
  return undefined;
}

function bytesOf(data: BufferSource): Buffer {
  return ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(new Uint8Array(data));
}

/** The node:crypto hash and key behind an HMAC CryptoKey, or undefined for any other key. */
function hmacOf(key: CryptoKey, nodeKeys: WeakMap<CryptoKey, { hash: string; key: KeyObject }>) {
  const known = nodeKeys.get(key);
  if (known) return known;
  if (key.algorithm.name !== 'HMAC' || !('hash' in key.algorithm)) return undefined;
  const { hash: hashAlgorithm } = key.algorithm;
  const hash = HASHES.get(algorithmName(hashAlgorithm) ?? '');
  if (!hash) return undefined;
  const entry = { hash, key: KeyObject.from(key) };
  nodeKeys.set(key, entry);
  return entry;
}

let installed = false;

export function installFastHmac(subtle: webcrypto.SubtleCrypto = globalThis.crypto.subtle): void {
  if (installed) return;
  installed = true;
  const importKey = subtle.importKey.bind(subtle);
  const sign = subtle.sign.bind(subtle);
  const verify = subtle.verify.bind(subtle);
  const imported = new Map<string, Promise<CryptoKey>>();
  const nodeKeys = new WeakMap<CryptoKey, { hash: string; key: KeyObject }>();

  Object.assign(subtle, {
    importKey(...args: Parameters<webcrypto.SubtleCrypto['importKey']>) {
      const [format, keyData, algorithm, extractable, usages] = args;
      if (format !== 'raw' || algorithmName(algorithm) !== 'HMAC' || !(ArrayBuffer.isView(keyData) || keyData instanceof ArrayBuffer)) {
        return importKey(...args);
      }
      const hash = typeof algorithm === 'object' && 'hash' in algorithm ? algorithmName(algorithm.hash) : undefined;
      const id = [hash, extractable, [...usages].sort().join(','), bytesOf(keyData).toString('base64')].join('|');
      const known = imported.get(id);
      if (known) return known;
      const key = importKey('raw', keyData, algorithm, extractable, usages);
      if (imported.size < MAX_KEYS) imported.set(id, key);
      return key;
    },
    sign(algorithm: SignAlgorithm, key: CryptoKey, data: BufferSource) {
      const hmac = algorithmName(algorithm) === 'HMAC' && key.usages.includes('sign') ? hmacOf(key, nodeKeys) : undefined;
      if (!hmac) return sign(algorithm, key, data);
      const digest = createHmac(hmac.hash, hmac.key).update(bytesOf(data)).digest();
      return Promise.resolve(digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength));
    },
    verify(algorithm: SignAlgorithm, key: CryptoKey, signature: BufferSource, data: BufferSource) {
      const hmac = algorithmName(algorithm) === 'HMAC' && key.usages.includes('verify') ? hmacOf(key, nodeKeys) : undefined;
      if (!hmac) return verify(algorithm, key, signature, data);
      const expected = createHmac(hmac.hash, hmac.key).update(bytesOf(data)).digest();
      const given = bytesOf(signature);
      return Promise.resolve(given.length === expected.length && timingSafeEqual(given, expected));
    },
  });
}
