import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fileBlobs } from '../db/schema/files.ts';
import type { Logger } from './logger.ts';

/**
 * Where uploaded files live, shared by every instance: the database
 * by default, an S3 bucket when S3_BUCKET is set. Keys are relative paths
 * such as `avatars/<user id>/<hash>.webp`.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** Blobs in the `file_blob` table: works the same on PGlite and PostgreSQL. */
export function createDatabaseStorage(db: Db): FileStorage {
  return {
    put: async (key, data, contentType) => {
      const row = { key: checkedKey(key), contentType, bytes: data, size: data.length };
      await db
        .insert(fileBlobs)
        .values(row)
        .onConflictDoUpdate({
          target: fileBlobs.key,
          set: { contentType, bytes: data, size: data.length, createdAt: sql`now()` },
        });
    },
    get: async (key) => {
      const [row] = await db.select({ bytes: fileBlobs.bytes }).from(fileBlobs).where(eq(fileBlobs.key, checkedKey(key)));
      return row?.bytes ?? null;
    },
    delete: async (key) => {
      await db.delete(fileBlobs).where(eq(fileBlobs.key, checkedKey(key)));
    },
  };
}

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, s3rver…); path-style addressing is then used. */
  endpoint?: string;
  /** Omitted: the SDK's default chain (instance role, shared config…). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
};

export type S3Storage = FileStorage & { close(): void };

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  return {
    put: async (key, data, contentType) => {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: data, ContentType: contentType }));
    },
    get: async (key) => {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        if (!result.Body) return null;
        return Buffer.from(await result.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return null;
        throw error;
      }
    },
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    close: () => client.destroy(),
  };
}

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' };

async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Moves files a version before ADR 027 kept on local disk (`DATA_DIR/uploads`)
 * into the storage under the same key, so their URLs keep working. Each file
 * is deleted only once stored, so a run that stops half-way just resumes;
 * a second run finds nothing to do. Returns how many files moved.
 */
export async function moveDiskUploads(root: string, storage: FileStorage, logger: Logger): Promise<number> {
  let moved = 0;
  for (const file of await listFiles(root)) {
    const key = path.relative(root, file).split(path.sep).join('/');
    if (!SAFE_KEY.test(key)) {
      // Leftover temp files of an interrupted write, or anything we never wrote.
      logger.warn({ file }, 'upload file skipped: not a storage key');
      continue;
    }
    const contentType = CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream';
    await storage.put(key, await readFile(file), contentType);
    await rm(file, { force: true });
    moved += 1;
  }
  if (moved > 0) logger.info({ moved, from: root }, 'uploads moved from local disk into shared file storage');
  return moved;
}
