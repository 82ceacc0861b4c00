import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/db.ts';
import { startS3rver, type TestS3 } from '../testing/s3.ts';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app.ts';
import { createDatabaseStorage, createS3Storage, moveDiskUploads, type FileStorage, type S3Storage } from './storage.ts';

const silent = pino({ level: 'silent' });
let database: Database;
let s3: TestS3;
let s3Storage: S3Storage;

beforeAll(async () => {
  [database, s3] = await Promise.all([createTestDatabase(), startS3rver()]);
  s3Storage = createS3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  s3Storage.close();
  await Promise.all([database.close(), s3.close()]);
});

// Every byte value, so no encoding (bytea text, UTF-8) can mangle a file unnoticed.
const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const implementations: [string, () => FileStorage][] = [
  ['database', () => createDatabaseStorage(database.db)],
  ['S3 (s3rver)', () => s3Storage],
];

describe.each(implementations)('FileStorage contract: %s', (_name, make) => {
  test('stores bytes exactly, answers null for a missing key, deletes', async () => {
    const storage = make();
    const key = `avatars/contract-${Math.random().toString(36).slice(2)}/abc123.webp`;
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, everyByte, 'image/webp');
    expect((await storage.get(key))?.equals(everyByte)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is not there is not an error.
    await storage.delete(key);
  });

  test('a put to an existing key replaces it; concurrent puts of one key all succeed', async () => {
    const storage = make();
    const key = `avatars/contract-${Math.random().toString(36).slice(2)}.webp`;
    await storage.put(key, Buffer.from('first'), 'image/webp');
    await storage.put(key, Buffer.from('second'), 'image/webp');
    expect((await storage.get(key))?.toString()).toBe('second');
    await Promise.all([1, 2, 3, 4].map((n) => storage.put(key, Buffer.from(`same ${n}`), 'image/webp')));
    expect((await storage.get(key))?.toString()).toMatch(/^same [1-4]$/);
    const large = Buffer.alloc(300_000, 7);
    await storage.put(key, large, 'image/webp');
    expect((await storage.get(key))?.equals(large)).toBe(true);
  });

  test('refuses keys that could escape their folder', async () => {
    const storage = make();
    for (const key of ['../secret.webp', 'avatars/../x.webp', '/etc/passwd', 'avatars/a b.webp', '']) {
      await expect(storage.put(key, everyByte, 'image/webp')).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe.each(implementations)('moving DATA_DIR/uploads into %s', (_name, make) => {
  test('moves each file under its key, skips strays, and a second run finds nothing', async () => {
    const storage = make();
    const root = mkdtempSync(path.join(os.tmpdir(), 'sidepot-uploads-'));
    const id = `legacy${Math.random().toString(36).slice(2)}`;
    mkdirSync(path.join(root, 'avatars'), { recursive: true });
    writeFileSync(path.join(root, 'avatars', `${id}.webp`), everyByte);
    // What an interrupted disk write left behind.
    writeFileSync(path.join(root, 'avatars', `${id}.webp.0b1c.tmp`), 'half');

    expect(await moveDiskUploads(root, storage, silent)).toBe(1);
    expect((await storage.get(`avatars/${id}.webp`))?.equals(everyByte)).toBe(true);
    expect(existsSync(path.join(root, 'avatars', `${id}.webp`))).toBe(false);
    expect(await moveDiskUploads(root, storage, silent)).toBe(0);
    expect(await moveDiskUploads(path.join(root, 'missing'), storage, silent)).toBe(0);
  });
});

test('an avatar URL from before the switch keeps working after start-up, on a second start too', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sidepot-data-'));
  const legacyId = 'OldUser_123';
  const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } } })
    .webp()
    .toBuffer();
  mkdirSync(path.join(dataDir, 'uploads', 'avatars'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads', 'avatars', `${legacyId}.webp`), webp);

  const first = await createTestApp({ dataDir });
  const legacyUrl = `${TEST_ORIGIN}/api/avatars/${legacyId}.webp?v=1700000000000`;
  try {
    const served = await first.app.request(legacyUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(webp)).toBe(true);
    expect(existsSync(path.join(dataDir, 'uploads', 'avatars', `${legacyId}.webp`))).toBe(false);

    // Another instance (or a restart) on the same database: nothing left to move, still served.
    const second = await createTestApp({ dataDir, database: first.deps.database });
    try {
      expect((await second.app.request(legacyUrl)).status).toBe(200);
    } finally {
      await second.close();
    }
    expect(first.serverErrors()).toEqual([]);
  } finally {
    await first.close();
  }
});
