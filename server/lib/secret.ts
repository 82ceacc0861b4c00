import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

const vapidKeysSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/**
 * AUTH_SECRET when set; otherwise one generated on first start and kept in
 * DATA_DIR (readable by the owner only) so sessions survive restarts.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'auth-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not created yet.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; otherwise a pair generated on
 * first start with web-push and kept in DATA_DIR (owner-readable), like the
 * auth secret: browsers subscribed with the public key, so it must not change
 * across restarts.
 */
export function resolveVapidKeys(configured: Partial<VapidKeys>, dataDir: string): VapidKeys {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  const file = path.resolve(dataDir, 'vapid-keys.json');
  try {
    const stored = vapidKeysSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (stored.success) return stored.data;
  } catch {
    // Not created yet.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}
