import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';

export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

let certificate: { key: Buffer; cert: Buffer } | undefined;

/** A self-signed certificate for localhost, made once per test file with the openssl CLI. */
function selfSigned() {
  if (certificate) return certificate;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sidepot-push-cert-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    { stdio: 'ignore' },
  );
  certificate = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  return certificate;
}

/** web-push only speaks https; tests trust the local endpoint's self-signed certificate through this agent. */
export const insecureAgent = new Agent({ rejectUnauthorized: false });

/**
 * A stand-in push service on 127.0.0.1: records every request and answers
 * with `status(n)` for the n-th one (0-based).
 */
export async function startPushEndpoint(status: (n: number) => number = () => 201) {
  const received: ReceivedPush[] = [];
  const server = createServer(selfSigned(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const n = received.length;
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status(n)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (name: string) => `https://127.0.0.1:${port}/push/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: real P-256 keys and a random 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** Decrypts a received push body as the browser would (RFC 8291, aes128gcm). */
export function decryptPush(body: Buffer, browser: { ecdh: ECDH; auth: Buffer }): unknown {
  return JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString('utf8'));
}
