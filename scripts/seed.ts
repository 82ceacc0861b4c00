/*
 * Seeds a realistic, deterministic dataset: verified users, a heavy-tailed
 * friend graph, pending friend requests and bets in every state.
 *
 *   npm run seed -- --users 100000 [--seed 42] [--bets N] [--database-url postgres://…] [--data-dir ./data] [--reset]
 *
 * The same --seed gives the same users, graph and bets; timestamps are placed
 * relative to the run so the app's "Nh ago" labels look current. Everything is
 * written in one transaction: a failed run leaves the database as it was.
 * Demo login: `demo` / `sidepot-demo`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { hashPassword } from 'better-auth/crypto';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { z } from 'zod';
import { createPglite, openDatabase, schema, type Db } from '../server/db/client.ts';
import { lockDataDir } from '../server/db/data-dir-lock.ts';
import { accounts, users as usersTable } from '../server/db/schema/auth.ts';
import { bets } from '../server/db/schema/bets.ts';
import { comments } from '../server/db/schema/comments.ts';
import { betLikes } from '../server/db/schema/likes.ts';
import { notifications } from '../server/db/schema/notifications.ts';
import { friendRequests, friendships } from '../server/db/schema/friends.ts';
import { loadEnv } from '../server/env.ts';
import { betNotifications, friendRequestNotification, friendshipNotification } from './seed-notifications.ts';

export const DEMO = { username: 'demo', email: 'demo@sidepot.local', password: 'sidepot-demo' } as const;

// ------------------------------------------------------------------ target database

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

// ------------------------------------------------------------------ deterministic data

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** mulberry32: tiny and fast; its 2^32-step cycle never repeats within a run, so ids stay unique. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  /** Standard normal, by Box–Muller. */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }
  /** 32 alphanumerics: the shape of better-auth's generated ids. */
  id(): string {
    let id = '';
    for (let i = 0; i < 32; i++) id += ALPHANUMERIC.charAt(Math.floor(this.next() * 62));
    return id;
  }
  uuid(): string {
    const hex = (digits: number) =>
      this.int(0, 16 ** digits - 1)
        .toString(16)
        .padStart(digits, '0');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${this.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(6)}${hex(6)}`;
  }
}

const FIRST =
  'James Mary Michael Patricia Robert Jennifer David Linda William Elizabeth Carlos Sofia Daniel Maria Matthew Emily Anthony Olivia Joshua Emma Andrew Ava Kevin Mia Brian Chloe Tyler Grace Jamal Aaliyah Wei Mei Raj Priya Luis Camila Noah Hannah Ethan Zoe Marcus Nia Omar Leila Diego Lucia Kenji Yuki Liam Isabella Ryan Madison Jordan Taylor Alex Sam Chris Jess Nick Kate'.split(
    ' ',
  );
const LAST =
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Patel Kim Chen Wang Singh Khan Murphy Cohen Okafor Sato'.split(
    ' ',
  );
const AREA_CODES = '212 213 206 202 303 305 310 312 404 415 503 512 617 619 646 702 718 773 917 615'.split(
  ' ',
);

type UserRow = {
  id: string;
  name: string;
  email: string;
  username: string;
  displayUsername: string;
  phone: string;
  venmoHandle: string;
  createdAt: number;
};

function usernameFor(rng: Random, first: string, last: string): string {
  const [f, l] = [first.toLowerCase(), last.toLowerCase()];
  switch (rng.int(0, 5)) {
    case 0:
      return `${first}${last}`;
    case 1:
      return `${f}.${l}`;
    case 2:
      return `${f}_${l}`;
    case 3:
      return `${f.charAt(0)}${l}`;
    case 4:
      return `${first}${rng.int(1, 99)}`;
    default:
      return `${f}${l.charAt(0)}${rng.int(70, 99)}`;
  }
}

/** Users, the demo account first; sign-ups grow towards today, as a young app's do. */
function createUsers(rng: Random, count: number, now: number, demo: typeof DEMO) {
  const usernames = new Set<string>([demo.username]);
  const phones = new Set<string>();
  const nextPhone = () => {
    for (;;) {
      // 1% in the fictional 555 exchange, so a '555-12' search finds a few.
      const exchange = rng.chance(0.01) ? '555' : String(rng.int(200, 999));
      const phone = `${rng.pick(AREA_CODES)}${exchange}${String(rng.int(0, 9999)).padStart(4, '0')}`;
      if (!phones.has(phone)) {
        phones.add(phone);
        return phone;
      }
    }
  };
  const rows: UserRow[] = [
    {
      id: rng.id(),
      name: 'Demo User',
      email: demo.email,
      username: demo.username,
      displayUsername: demo.username,
      phone: nextPhone(),
      venmoHandle: 'sidepot-demo',
      createdAt: now - 300 * DAY,
    },
  ];
  while (rows.length < count) {
    const [first, last] = [rng.pick(FIRST), rng.pick(LAST)];
    let display = usernameFor(rng, first, last);
    while (usernames.has(display.toLowerCase())) display = `${display.slice(0, 24)}${rng.int(1, 999)}`;
    const username = display.toLowerCase();
    usernames.add(username);
    rows.push({
      id: rng.id(),
      name: `${first} ${last}`,
      email: `${username}@example.com`,
      username,
      displayUsername: display,
      phone: nextPhone(),
      venmoHandle: rng.chance(0.6) ? `${first}-${last}-${rng.int(1, 9999)}` : `${first}-${last}`,
      createdAt: now - 365 * DAY * (1 - Math.sqrt(rng.next())),
    });
  }
  return { rows, ids: rows.map((row) => row.id), createdAt: rows.map((row) => row.createdAt) };
}

/** Friend pairs by user index (a < b not implied), when each formed, and a set of pair keys for lookups. */
type Edges = { n: number; a: number[]; b: number[]; at: number[]; keys: Set<number> };

const pairKey = (n: number, x: number, y: number) => (x < y ? x * n + y : y * n + x);

function addEdge(rng: Random, edges: Edges, createdAt: number[], now: number, x: number, y: number): boolean {
  const key = pairKey(edges.n, x, y);
  if (x === y || edges.keys.has(key)) return false;
  const since = Math.max(createdAt[x] ?? now, createdAt[y] ?? now);
  edges.keys.add(key);
  edges.a.push(x);
  edges.b.push(y);
  // Most friendships form soon after the later of the two sign-ups.
  edges.at.push(since + (now - since) * rng.next() ** 2);
  return true;
}

function pickDemoFriends(rng: Random, createdAt: number[], now: number, edges: Edges, count: number) {
  let added = 0;
  while (added < count) if (addEdge(rng, edges, createdAt, now, 0, rng.int(1, edges.n - 1))) added++;
}

/** Mostly 5–30 friends (log-normal), a few newcomers with almost none, and rare hubs with hundreds. */
function targetDegree(rng: Random): number {
  const r = rng.next();
  if (r < 0.03) return rng.int(0, 3);
  if (r < 0.034) return Math.min(2000, Math.round(150 * (1 - rng.next()) ** (-1 / 1.5)));
  return Math.min(150, Math.max(4, Math.round(Math.exp(Math.log(14) + 0.55 * rng.normal()))));
}

/**
 * A configuration model: each user gets as many "stubs" as their target
 * degree and stubs are paired in order of a position. 60% of stubs sit near
 * their owner's index, so circles of friends overlap (friends of friends are
 * common, as in real graphs); the rest are placed anywhere. Self-pairs and
 * duplicates are dropped, which trims degrees slightly. The demo user
 * (index 0) is left out: its friends are chosen exactly.
 */
function pickFriendships(rng: Random, createdAt: number[], now: number, edges: Edges) {
  const n = edges.n;
  const codes: number[] = [];
  for (let owner = 1; owner < n; owner++) {
    const degree = targetDegree(rng);
    for (let k = 0; k < degree; k++) {
      const position = rng.chance(0.6) ? owner + rng.normal() * 250 : rng.next() * n;
      const wrapped = ((position % n) + n) % n;
      // Position and owner packed into one number, so a native numeric sort orders them.
      codes.push(Math.floor(wrapped * 64) * n + owner);
    }
  }
  const sorted = Float64Array.from(codes).sort();
  for (let k = 0; k + 1 < sorted.length; k += 2) {
    addEdge(rng, edges, createdAt, now, (sorted[k] ?? 0) % n, (sorted[k + 1] ?? 0) % n);
  }
}

/**
 * Both rows of every friendship, ordered by user id as the primary key is:
 * its index then grows at one edge instead of splitting pages everywhere,
 * which matters once it outgrows shared_buffers.
 */
function* inPrimaryKeyOrder(ids: string[], edges: Edges) {
  const rank: number[] = [];
  [...ids.keys()]
    .sort((x, y) => ((ids[x] ?? '') < (ids[y] ?? '') ? -1 : 1))
    .forEach((index, position) => (rank[index] = position));
  const rows = edges.a.length * 2;
  const codes = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    const owner = (r % 2 ? edges.b[r >> 1] : edges.a[r >> 1]) ?? 0;
    codes[r] = (rank[owner] ?? 0) * rows + r;
  }
  for (const code of codes.sort()) {
    const r = code % rows;
    const [a, b] = [edges.a[r >> 1] ?? 0, edges.b[r >> 1] ?? 0];
    yield { userIndex: r % 2 ? b : a, friendIndex: r % 2 ? a : b, edge: r >> 1 };
  }
}

const REQUESTS_SENT = [0, 0, 0, 1, 1, 1, 2, 2, 3, 4];

/** A few pending requests per user, never between friends, at most one per unordered pair, all recent. */
function pickRequests(rng: Random, createdAt: number[], now: number, edges: Edges, demoIncoming: number) {
  const n = edges.n;
  const pending = new Set<number>();
  const requests: { from: number; to: number; at: number }[] = [];
  const tryAdd = (from: number, to: number) => {
    const key = pairKey(n, from, to);
    if (from === to || edges.keys.has(key) || pending.has(key)) return false;
    pending.add(key);
    const since = Math.max(createdAt[from] ?? now, createdAt[to] ?? now, now - 21 * DAY);
    requests.push({ from, to, at: since + (now - since) * rng.next() });
    return true;
  };
  for (let from = 1; from < n; from++) {
    const count = rng.pick(REQUESTS_SENT);
    for (let k = 0; k < count; k++) {
      const to = rng.chance(0.5) ? Math.round(from + rng.normal() * 250) : rng.int(1, n - 1);
      // The demo user's requests are chosen below, so its inbox is predictable.
      if (to > 0 && to < n) tryAdd(from, to);
    }
  }
  let added = 0;
  while (added < demoIncoming) if (tryAdd(rng.int(1, n - 1), 0)) added++;
  return requests;
}

const TEAMS =
  'Lakers,Celtics,Warriors,Knicks,Bears,Packers,Chiefs,Eagles,Yankees,Dodgers,Red Sox,Cubs,Arsenal,Liverpool'.split(
    ',',
  );
const MONTHS = 'January March May July September November'.split(' ');
const GAMES = 'pool,Mario Kart,ping pong,chess,darts,FIFA,trivia night'.split(',');
const EVENTS = 'brunch,the wedding,game night,the concert,book club'.split(',');
const DESCRIPTIONS: ((rng: Random) => string)[] = [
  (r) => {
    const home = r.int(0, TEAMS.length - 1);
    return `${TEAMS[home] ?? ''} beat the ${TEAMS[(home + r.int(1, TEAMS.length - 1)) % TEAMS.length] ?? ''} this weekend`;
  },
  (r) => `I run a 5k in under ${r.int(20, 35)} minutes by ${r.pick(MONTHS)}`,
  (r) => `You can't do ${r.int(20, 100)} push-ups in a row`,
  (r) => `It snows here before ${r.pick(MONTHS)} ${r.int(1, 28)}`,
  (r) => `${r.pick(FIRST)} shows up late to ${r.pick(EVENTS)}`,
  (r) => `I beat you at ${r.pick(GAMES)}, best of ${r.pick([3, 5, 7])}`,
  (r) => `Over/under ${r.int(150, 260)}.5 points in the ${r.pick(TEAMS)} game`,
  (r) => `No coffee for ${r.int(3, 30)} days straight`,
];
const AMOUNTS = [5, 5, 10, 10, 10, 20, 20, 20, 25, 25, 50, 50, 100, 100, 200, 500];

/**
 * One bet between a random pair of friends (so busy users bet more), valid
 * under every CHECK in server/db/schema/bets.ts: older bets are mostly
 * completed and paid, young ones still pending or active.
 */
function createBetRow(rng: Random, ids: string[], edges: Edges, now: number) {
  const e = rng.int(0, edges.a.length - 1);
  const [x, y] = rng.chance(0.5) ? [edges.a[e], edges.b[e]] : [edges.b[e], edges.a[e]];
  const [creator, opponent] = [ids[x ?? 0] ?? '', ids[y ?? 0] ?? ''];
  const since = edges.at[e] ?? now;
  const created = since + (now - since) * rng.next();
  const age = now - created;
  const completedShare = age > 3 * DAY ? 0.8 : 0.25;
  const r = rng.next();
  const base = {
    id: rng.uuid(),
    createdBy: creator,
    opponentId: opponent,
    description: rng.pick(DESCRIPTIONS)(rng),
    amount: rng.chance(0.03) ? rng.int(1, 10_000) : rng.pick(AMOUNTS),
    createdAt: iso(created),
    winnerId: null,
    voidRequestedBy: null,
    paymentSent: false,
    paymentConfirmed: false,
    paidAt: null,
    completedAt: null,
  };
  if (r < completedShare && age > HOUR) {
    const completed = Math.min(now, created + Math.max(60_000, age * rng.next() ** 2));
    const paid = rng.next();
    const confirmedShare = now - completed > 7 * DAY ? 0.8 : 0.35;
    return {
      ...base,
      status: 'completed',
      winnerId: rng.chance(0.5) ? creator : opponent,
      paymentSent: paid < confirmedShare + 0.12,
      paymentConfirmed: paid < confirmedShare,
      // Marked paid within 0 to 4 days of resolution (no extra draw, so the rows stay the same as before).
      paidAt: paid < confirmedShare + 0.12 ? iso(Math.min(now, completed + paid * 4 * DAY)) : null,
      completedAt: iso(completed),
      updatedAt: iso(completed),
    };
  }
  if (r < completedShare + (1 - completedShare) * 0.6) {
    const voidBy = rng.chance(0.04) ? rng.pick([creator, opponent]) : null;
    return {
      ...base,
      status: 'active',
      voidRequestedBy: voidBy,
      updatedAt: iso(created + Math.min(age, rng.next() * DAY)),
    };
  }
  return { ...base, status: 'pending', updatedAt: iso(created) };
}

// ------------------------------------------------------------------ batched inserts

type Cell = string | number | boolean | null;
/** A row keyed like the Drizzle table, so a misspelt column fails to compile; timestamps as ISO strings. */
type RowOf<T extends PgTable> = { [K in keyof T['$inferInsert']]?: Cell };

/**
 * Buffers rows column by column and writes each batch as one
 * `INSERT … SELECT * FROM unnest($1::text[], …)`: one statement with one
 * parameter per column on both drivers, however many rows (a multi-row
 * VALUES list would hit pg's 65,535-parameter cap at ~5,000 bets).
 * Columns are those of the first row; the others take their defaults.
 */
function createSink<T extends PgTable>(
  conn: Connection,
  table: T,
  options: { batchSize?: number; beforeFlush?: () => Promise<void> } = {},
) {
  const batchSize = options.batchSize ?? 5000;
  const columns: Record<string, PgColumn> = getTableColumns(table);
  let statement: { keys: string[]; text: string } | undefined;
  let buffer: Cell[][] = [];
  let written = 0;
  const flush = async () => {
    const size = buffer[0]?.length ?? 0;
    if (!statement || size === 0) return;
    // Rows this batch references (a comment's bet) must be written first.
    await options.beforeFlush?.();
    const batch = buffer;
    buffer = statement.keys.map(() => []);
    await conn.query(statement.text, batch);
    written += size;
  };
  return {
    async add(row: RowOf<T>) {
      const record: Partial<Record<string, Cell>> = row;
      if (!statement) {
        const keys = Object.keys(record);
        const sqlColumns = keys.map((key) => {
          const column = columns[key];
          if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
          return column;
        });
        const names = sqlColumns.map((column) => `"${column.name}"`).join(', ');
        const arrays = sqlColumns.map((column, i) => `$${i + 1}::${column.getSQLType()}[]`).join(', ');
        statement = {
          keys,
          text: `insert into "${getTableName(table)}" (${names}) select * from unnest(${arrays})`,
        };
        buffer = keys.map(() => []);
      }
      statement.keys.forEach((key, i) => buffer[i]?.push(record[key] ?? null));
      if ((buffer[0]?.length ?? 0) >= batchSize) await flush();
    },
    flush,
    get written() {
      return written;
    },
  };
}

// ------------------------------------------------------------------ the run

const argsSchema = z.object({
  users: z.coerce.number().int().min(50).max(5_000_000).default(1000),
  seed: z.coerce.number().int().default(42),
  bets: z.coerce.number().int().min(0).optional(),
  reset: z.boolean().default(false),
  'database-url': z.string().optional(),
  'data-dir': z.string().optional(),
});

async function seed(conn: Connection, args: z.output<typeof argsSchema>, log: (message: string) => void) {
  const now = Date.now();
  const rng = new Random(args.seed);

  const users = createUsers(rng, args.users, now, DEMO);
  const userSink = createSink(conn, usersTable);
  for (const { createdAt, ...user } of users.rows) {
    const at = iso(createdAt);
    await userSink.add({ ...user, emailVerified: true, createdAt: at, updatedAt: at });
  }
  await userSink.flush();
  const demo = users.rows[0];
  if (!demo) throw new Error('no users generated');
  const accountSink = createSink(conn, accounts);
  // better-auth verifies this scrypt hash at sign-in, so the demo login works.
  const password = await hashPassword(DEMO.password);
  const at = iso(demo.createdAt);
  await accountSink.add({
    id: rng.id(),
    accountId: demo.id,
    providerId: 'credential',
    userId: demo.id,
    password,
    createdAt: at,
    updatedAt: at,
  });
  await accountSink.flush();
  log(`users: ${userSink.written}`);

  const edges: Edges = { n: users.ids.length, a: [], b: [], at: [], keys: new Set() };
  pickDemoFriends(rng, users.createdAt, now, edges, 25);
  pickFriendships(rng, users.createdAt, now, edges);
  log(`friend graph: ${edges.a.length} pairs`);
  const friendSink = createSink(conn, friendships);
  for (const { userIndex, friendIndex, edge } of inPrimaryKeyOrder(users.ids, edges)) {
    const at = iso(edges.at[edge] ?? now);
    await friendSink.add({
      userId: users.ids[userIndex] ?? '',
      friendId: users.ids[friendIndex] ?? '',
      createdAt: at,
    });
  }
  await friendSink.flush();
  log(`friendships: ${edges.a.length} pairs, ${friendSink.written} rows`);

  // Inbox lines draw from their own stream, so the rest of the world stays what it was before they existed.
  const noteRng = new Random(args.seed + 1);
  const noteSink = createSink(conn, notifications);
  for (let e = 0; e < edges.a.length; e++) {
    const [a, b] = [users.ids[edges.a[e] ?? 0] ?? '', users.ids[edges.b[e] ?? 0] ?? ''];
    await noteSink.add(friendshipNotification(noteRng, a, b, edges.at[e] ?? now, now));
  }

  const requestSink = createSink(conn, friendRequests);
  for (const { from, to, at } of pickRequests(rng, users.createdAt, now, edges, 3)) {
    const [requesterId, requestedId] = [users.ids[from] ?? '', users.ids[to] ?? ''];
    await requestSink.add({
      id: rng.uuid(),
      requesterId,
      requestedId,
      status: 'pending',
      createdAt: iso(at),
    });
    await noteSink.add(friendRequestNotification(noteRng, requesterId, requestedId, at, now));
  }
  await requestSink.flush();
  log(`pending friend requests: ${requestSink.written}`);

  const betCount = args.bets ?? args.users * 10;
  const betSink = createSink(conn, bets);
  const commentSink = createSink(conn, comments, { beforeFlush: () => betSink.flush() });
  const likeSink = createSink(conn, betLikes, { beforeFlush: () => betSink.flush() });
  // Same table as noteSink, but its rows carry bet_id: a sink's columns come from its first row.
  const betNoteSink = createSink(conn, notifications, { beforeFlush: () => betSink.flush() });
  const progressEvery = Math.max(1, Math.round(betCount / 10));
  for (let i = 0; i < betCount; i++) {
    const bet = createBetRow(rng, users.ids, edges, now);
    await betSink.add(bet);
    const betComments = createComments(rng, bet, now);
    for (const comment of betComments) await commentSink.add(comment);
    for (const note of betNotifications(noteRng, bet, betComments, now)) await betNoteSink.add(note);
    for (const like of createLikes(rng, bet, now)) await likeSink.add(like);
    if ((i + 1) % progressEvery === 0) log(`bets: ${i + 1}/${betCount}`);
  }
  // Bets first: comments and likes reference them.
  await betSink.flush();
  await commentSink.flush();
  await likeSink.flush();
  await noteSink.flush();
  await betNoteSink.flush();
  log(`bets: ${betSink.written}, comments: ${commentSink.written}, likes: ${likeSink.written}`);
  log(`notifications: ${noteSink.written + betNoteSink.written}`);
}

const COMMENTS = [
  'No way you win this one',
  'Easy money 😎',
  "I'm calling it now",
  'You are going to regret this',
  'Double or nothing?',
  'Bold move',
  'Pay up when you lose!',
  'This is going to be close',
];

/** About a third of bets get one to three comments from their two parties, after the bet was placed. */
function createComments(rng: Random, bet: ReturnType<typeof createBetRow>, now: number) {
  if (!rng.chance(0.3)) return [];
  const created = Date.parse(bet.createdAt);
  return Array.from({ length: rng.int(1, 3) }, () => ({
    id: rng.uuid(),
    betId: bet.id,
    userId: rng.chance(0.5) ? bet.createdBy : bet.opponentId,
    text: rng.pick(COMMENTS),
    createdAt: iso(created + (now - created) * rng.next()),
  }));
}

/** Likes are one per user per bet (primary key), so at most the two parties here. */
function createLikes(rng: Random, bet: ReturnType<typeof createBetRow>, now: number) {
  const created = Date.parse(bet.createdAt);
  return [bet.createdBy, bet.opponentId]
    .filter(() => rng.chance(0.25))
    .map((userId) => ({ betId: bet.id, userId, createdAt: iso(created + (now - created) * rng.next()) }));
}

async function main() {
  const { args, target } = await parseScriptArgs(
    {
      users: { type: 'string' },
      seed: { type: 'string' },
      bets: { type: 'string' },
      reset: { type: 'boolean' },
    },
    argsSchema,
  );

  const started = performance.now();
  const log = (message: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);
  const where =
    target.kind === 'postgres' ? new URL(target.url).pathname.slice(1) : path.resolve(target.dataDir);
  log(`seeding ${args.users} users (seed ${args.seed}) into ${target.kind} ${where}`);
  const conn = await connect(target);
  try {
    await conn.query('begin');
    try {
      if (args.reset) {
        // CASCADE also empties tables later issues add with foreign keys to these.
        await conn.query(
          'truncate "user", session, account, verification, rate_limit, friend_request, friendship, bet, mail_outbox cascade',
        );
      } else if ((await conn.query('select 1 from "user" limit 1')).length > 0) {
        throw new Error('The database already has users: pass --reset to replace them.');
      }
      await seed(conn, args, log);
      log('committing');
      await conn.query('commit');
    } catch (error) {
      await conn.query('rollback').catch(() => undefined);
      throw error;
    }
    // VACUUM sets the visibility map (index-only scans) as autovacuum later
    // would; ANALYZE gives the planner real statistics for the benchmark.
    await conn.query('vacuum (analyze)');
    log(`done in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await conn.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
