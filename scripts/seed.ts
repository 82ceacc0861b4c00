/*
 * Seeds a realistic, deterministic dataset: verified users, a heavy-tailed
 * friend graph, pending friend requests, bets in every state, pots in every state and groups with their pots.
 *
 *   npm run seed -- --users 100000 [--seed 42] [--bets N] [--pots N] [--groups N] [--database-url postgres://…] [--data-dir ./data] [--reset]
 *
 * The same --seed gives the same users, graph and bets; timestamps are placed
 * relative to the run so the app's "Nh ago" labels look current. Everything is
 * written in one transaction: a failed run leaves the database as it was.
 * Demo login: `demo` / `sidepot-demo`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashPassword } from 'better-auth/crypto';
import { z } from 'zod';
import { GROUP_MEMBERS_MAX } from '#domain/group-rules.ts';
import { accounts, users as usersTable } from '../server/db/schema/auth.ts';
import { bets } from '../server/db/schema/bets.ts';
import { comments } from '../server/db/schema/comments.ts';
import { betLikes } from '../server/db/schema/likes.ts';
import { notifications } from '../server/db/schema/notifications.ts';
import { friendRequests, friendships } from '../server/db/schema/friends.ts';
import { createBetRow, createComments, createLikes } from './seed/bets.ts';
import { createGroups } from './seed/groups.ts';
import { createPot, friendLists, POT_STATES } from './seed/pots.ts';
import { groupMembers, groups as groupsTable } from '../server/db/schema/groups.ts';
import {
  potComments,
  potEntries,
  potInvites,
  potLikes,
  potOptions,
  potPayments,
  pots as potsTable,
} from '../server/db/schema/pots.ts';
import { betNotifications, friendRequestNotification, friendshipNotification } from './seed/notifications.ts';
import {
  createUsers,
  inPrimaryKeyOrder,
  pickDemoFriends,
  pickFriendships,
  pickRequests,
  type Edges,
} from './seed/people.ts';
import { iso, Random } from './seed/random.ts';
import { createSink } from './seed/sink.ts';
import { connect, parseScriptArgs, type Connection } from './seed/target.ts';

/** Pots per group: within the Pots tab's 50; the decided ones' unpaid payments give the Balances tab work. */
const GROUP_POTS = 30;

export const DEMO = { username: 'demo', email: 'demo@sidepot.local', password: 'sidepot-demo' } as const;

const argsSchema = z.object({
  users: z.coerce.number().int().min(50).max(5_000_000).default(1000),
  seed: z.coerce.number().int().default(42),
  bets: z.coerce.number().int().min(0).optional(),
  pots: z.coerce.number().int().min(0).optional(),
  groups: z.coerce.number().int().min(0).optional(),
  reset: z.boolean().default(false),
  'database-url': z.string().optional(),
  'data-dir': z.string().optional(),
});

/** The sinks of a pot's rows: each flushes the pots and options its rows reference first. */
function createPotSinks(conn: Connection) {
  const pots = createSink(conn, potsTable);
  const options = createSink(conn, potOptions, { beforeFlush: () => pots.flush() });
  const parents = async () => {
    await pots.flush();
    await options.flush();
  };
  const invites = createSink(conn, potInvites, { beforeFlush: parents });
  const entries = createSink(conn, potEntries, { beforeFlush: parents });
  const payments = createSink(conn, potPayments, { beforeFlush: parents });
  const likes = createSink(conn, potLikes, { beforeFlush: parents });
  const comments = createSink(conn, potComments, { beforeFlush: parents });
  return {
    pots,
    entries,
    payments,
    async add(made: NonNullable<ReturnType<typeof createPot>>) {
      await pots.add(made.pot);
      for (const row of made.options) await options.add(row);
      for (const row of made.invites) await invites.add(row);
      for (const row of made.entries) await entries.add(row);
      for (const row of made.payments) await payments.add(row);
      for (const row of made.likes) await likes.add(row);
      for (const row of made.comments) await comments.add(row);
    },
    async flush() {
      await parents();
      for (const sink of [invites, entries, payments, likes, comments]) await sink.flush();
    },
  };
}

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

  // Pots draw from their own stream too. The demo user's first pots cycle through every state.
  const potRng = new Random(args.seed + 2);
  const friends = friendLists(edges);
  const potOut = createPotSinks(conn);
  const potCount = args.pots ?? Math.round(args.users / 10);
  for (let i = 0; i < potCount; i++) {
    const demoState = i < POT_STATES.length * 2 ? (POT_STATES[i % POT_STATES.length] ?? null) : null;
    const creator = demoState ? 0 : potRng.int(0, users.ids.length - 1);
    const made = createPot(potRng, users.ids, friends, creator, now, demoState);
    if (made) await potOut.add(made);
  }
  await potOut.flush();
  log(
    `pots: ${potOut.pots.written}, entries: ${potOut.entries.written}, payments: ${potOut.payments.written}`,
  );

  // Groups and their pots draw from a stream of their own too, so everything above stays as it was.
  const groupRng = new Random(args.seed + 3);
  const seededGroups = createGroups(
    groupRng,
    users.ids,
    users.createdAt,
    friends,
    args.groups ?? Math.round(args.users / 500),
    now,
  );
  const groupSink = createSink(conn, groupsTable);
  const memberSink = createSink(conn, groupMembers, { beforeFlush: () => groupSink.flush() });
  for (const group of seededGroups) {
    await groupSink.add(group.row);
    for (const row of group.memberRows) await memberSink.add(row);
  }
  await groupSink.flush();
  await memberSink.flush();
  // Their own pot sinks: a sink's columns come from its first row, and these rows carry group_id.
  const groupPotOut = createPotSinks(conn);
  for (const group of seededGroups) {
    for (let i = 0; i < GROUP_POTS; i++) {
      const creator = groupRng.pick(group.members);
      const others = group.members.filter((member) => member !== creator);
      const pot = createPot(groupRng, users.ids, friends, creator, now, null, { id: group.row.id, others });
      if (pot) await groupPotOut.add(pot);
    }
  }
  await groupPotOut.flush();
  log(
    `groups: ${groupSink.written} (${seededGroups.filter((g) => g.members.length === GROUP_MEMBERS_MAX).length} of ${GROUP_MEMBERS_MAX}), ` +
      `members: ${memberSink.written}, group pots: ${groupPotOut.pots.written}, their payments: ${groupPotOut.payments.written}`,
  );
  log(`notifications: ${noteSink.written + betNoteSink.written}`);
}

async function main() {
  const { args, target } = await parseScriptArgs(
    {
      users: { type: 'string' },
      seed: { type: 'string' },
      bets: { type: 'string' },
      pots: { type: 'string' },
      groups: { type: 'string' },
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
