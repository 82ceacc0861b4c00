/*
 * Where a script writes: the shared `--database-url` / `--data-dir` flags, the same database
 * the server would open otherwise, and one held connection (seed and bench).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { z } from 'zod';
import { createPglite, openDatabase, schema, type Db } from '#server/db/client.ts';
import { lockDataDir } from '#server/db/data-dir-lock.ts';
import { loadEnv } from '#server/env.ts';

export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export const targetOptions = {
  'database-url': { type: 'string' },
  'data-dir': { type: 'string' },
} as const;

/** Flags win over the environment; otherwise the same database the server would open. */
export function resolveTarget(flags: {
  'database-url'?: string | undefined;
  'data-dir'?: string | undefined;
}) {
  const env = loadEnv();
  const url = flags['database-url'] ?? (flags['data-dir'] ? undefined : env.DATABASE_URL);
  const target: Target = url
    ? { kind: 'postgres', url }
    : { kind: 'pglite', dataDir: flags['data-dir'] ?? env.DATA_DIR };
  return { target, env };
}

/**
 * PGlite is single-process: a second writer on a live data dir loses writes
 * silently (docs/architecture.md, Known pitfalls). A server started from this checkout
 * uses env DATA_DIR and PORT, so when we target that dir, refuse if it answers.
 * A server started with other settings cannot be detected: stop it first.
 */
export async function assertDataDirFree(
  target: Target,
  env: { DATA_DIR: string; PORT: number },
): Promise<void> {
  if (target.kind !== 'pglite' || path.resolve(target.dataDir) !== path.resolve(env.DATA_DIR)) return;
  const answered = await fetch(`http://127.0.0.1:${env.PORT}/api/health`, {
    signal: AbortSignal.timeout(1500),
  }).then(
    () => true,
    () => false,
  );
  if (answered) {
    throw new Error(
      `A server answers on port ${env.PORT} and probably has ${target.dataDir} open (PGlite is single-process). Stop it, or pass --data-dir elsewhere.`,
    );
  }
}

/**
 * Parses a script's flags (the shared database-target flags plus its own)
 * with its schema, then resolves where to write and refuses a PGlite data
 * directory a running server holds.
 */
export async function parseScriptArgs<
  S extends z.ZodType<{ 'database-url'?: string | undefined; 'data-dir'?: string | undefined }>,
>(
  options: Record<string, { type: 'string' | 'boolean' }>,
  schema: S,
): Promise<{ args: z.output<S>; target: Target }> {
  const { values } = parseArgs({ options: { ...targetOptions, ...options }, strict: true });
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new Error(`Invalid arguments: ${z.prettifyError(parsed.error)}`);
  const { target, env } = resolveTarget(parsed.data);
  await assertDataDirFree(target, env);
  return { args: parsed.data, target };
}

export type Connection = {
  kind: Target['kind'];
  db: Db;
  query(text: string, params?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
};

/** Migrates like the server does, then holds one connection so BEGIN … COMMIT stay on it. */
export async function connect(target: Target, logger?: Logger): Promise<Connection> {
  if (target.kind === 'postgres') {
    await (await openDatabase({ kind: 'postgres', url: target.url, poolSize: 1 })).close();
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return {
      kind: 'postgres',
      db: drizzlePg({ client, schema, logger }),
      query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
      close: () => client.end(),
    };
  }
  // Like the server: one process per data directory, or the other's writes are lost.
  const lock = lockDataDir(target.dataDir);
  const dir = path.resolve(target.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const pglite = createPglite(dir);
  await openDatabase({ kind: 'pglite', pglite });
  return {
    kind: 'pglite',
    db: drizzlePglite({ client: pglite, schema, logger }),
    query: async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows,
    close: async () => {
      await pglite.close();
      lock.release();
    },
  };
}
