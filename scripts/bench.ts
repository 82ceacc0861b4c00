/*
 * Times the real service functions (no HTTP) against a seeded database and
 * prints the plan of the friend-search statement.
 *
 *   npm run bench -- [--iterations 200] [--warmup 20] [--seed 42] [--only getPot,getFeedPage] [--database-url postgres://…] [--data-dir ./data]
 *
 * Viewers and terms are drawn deterministically from the data, so two runs
 * over the same seed measure the same calls. Run `npm run seed` first.
 */
import type { Logger } from 'drizzle-orm/logger';
import { z } from 'zod';
import { decodeCursor } from '../domain/pagination.ts';
import { getBalance, listBalances } from '../server/features/balances/balances.service.ts';
import { listMyBets } from '../server/features/bets/bets.service.ts';
import { getBetPage } from '../server/features/feed/bet-page.service.ts';
import { getFeedPage } from '../server/features/feed/feed.service.ts';
import { getMyPots } from '../server/features/pots/pot-social.service.ts';
import { getPot } from '../server/features/pots/pots.service.ts';
import { groupBalances } from '../server/features/groups/group-debts.service.ts';
import { groupLeaderboard, listGroupPots } from '../server/features/groups/groups.service.ts';
import { listAllFriends, listFriends, searchUsers } from '../server/features/friends/friends.service.ts';
import { getWeeklyLeaderboard } from '../server/features/leaderboard/leaderboard.service.ts';
import { getActivityPage, getWaitingOnYou } from '../server/features/notifications/activity.service.ts';
import { getNotificationSummary } from '../server/features/notifications/notifications.service.ts';
import { getProfileScreen, getUserCard } from '../server/features/profile/profile.service.ts';
import { GROUP_MEMBERS_MAX } from '../domain/group-rules.ts';
import { Random } from './seed/random.ts';
import { connect, parseScriptArgs, type Connection } from './seed/target.ts';

const argsSchema = z.object({
  iterations: z.coerce.number().int().min(1).default(200),
  warmup: z.coerce.number().int().min(0).default(20),
  seed: z.coerce.number().int().default(42),
  /** Comma-separated parts of case names: only the cases whose name contains one (e.g. `--only getPot,getFeedPage`). */
  only: z.string().optional(),
  'database-url': z.string().optional(),
  'data-dir': z.string().optional(),
});

const idRow = z.object({ id: z.string() });
const betViewRow = z.object({ id: z.string(), viewer: z.string() });
const usernameRow = z.object({ username: z.string() });
const planRow = z.object({ 'QUERY PLAN': z.string() });
const countRow = z.object({ table: z.string(), rows: z.coerce.number() });

async function rows<T extends z.ZodType>(conn: Connection, schema: T, text: string, params: unknown[] = []) {
  return (await conn.query(text, params)).map((row) => schema.parse(row));
}

/** The SQL drizzle sends, recorded only while a plan is being captured so timings carry no logging cost. */
const capture: { on: boolean; count: number; last?: { query: string; params: unknown[] } } = {
  on: false,
  count: 0,
};
const logger: Logger = {
  logQuery(query, params) {
    if (capture.on) {
      capture.last = { query, params };
      capture.count += 1;
    }
  },
};

/** A lower-case run of letters from some username, like what people type. */
function fragment(rng: Random, usernames: string[], length: number): string {
  for (;;) {
    const name = rng.pick(usernames);
    const start = rng.int(0, Math.max(0, name.length - length));
    const piece = name.slice(start, start + length);
    if (piece.length === length && /^[a-z]+$/.test(piece)) return piece;
  }
}

type Case = { name: string; run: (i: number) => Promise<number> };

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

async function measure(benchCase: Case, iterations: number, warmup: number) {
  for (let i = 0; i < warmup; i++) await benchCase.run(i);
  const times: number[] = [];
  let results = 0;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    results += await benchCase.run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(2);
  const mean = times.reduce((sum, value) => sum + value, 0) / times.length;
  const cells = [benchCase.name, ...[0.5, 0.95, 0.99].map((q) => ms(quantile(times, q))), ms(mean)];
  console.log(`| ${cells.join(' | ')} | ${(results / iterations).toFixed(1)} |`);
}

async function main() {
  const { args, target } = await parseScriptArgs(
    {
      iterations: { type: 'string' },
      warmup: { type: 'string' },
      seed: { type: 'string' },
      only: { type: 'string' },
    },
    argsSchema,
  );
  const conn = await connect(target, logger);
  try {
    await run(conn, args);
  } finally {
    await conn.close();
  }
}

const at = <T>(list: T[], i: number): T => {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('empty list');
  return item;
};

/**
 * Fifty viewers with at least one friend (so the friend card has someone to
 * show), each with a friend and a stranger (the next viewer who is not a
 * friend), the user with the most friends, and search terms cut from real
 * usernames. All chosen by hashes and the PRNG, so reruns repeat them.
 */
async function pickSubjects(conn: Connection, seed: number) {
  const salt = String(seed);
  const ids = async (text: string, params: unknown[]) =>
    (await rows(conn, idRow, text, params)).map((row) => row.id);
  const viewers = await ids(
    `select u.id from "user" u where exists (select 1 from friendship f where f.user_id = u.id)
     order by md5(u.id || $1) limit 50`,
    [salt],
  );
  const friendsOf = (id: string) =>
    ids('select friend_id as id from friendship where user_id = $1 order by friend_id', [id]);
  const pairs: { viewer: string; friend: string; stranger: string }[] = [];
  for (const [k, viewer] of viewers.entries()) {
    const friends = await friendsOf(viewer);
    const others = [...viewers.slice(k + 1), ...viewers.slice(0, k)];
    const stranger = others.find((other) => !friends.includes(other)) ?? viewer;
    pairs.push({ viewer, friend: friends[0] ?? viewer, stranger });
  }
  const [busiest] = await ids(
    'select user_id as id from friendship group by user_id order by count(*) desc, user_id limit 1',
    [],
  );
  if (pairs.length === 0 || !busiest) throw new Error('No seeded data: run `npm run seed` first.');
  // The longest inbox: the activity page's worst case.
  const [loudest = busiest] = await ids(
    'select user_id as id from notification group by user_id order by count(*) desc, user_id limit 1',
    [],
  );
  // Bets with someone who may see them (their creator), for the bet page.
  const betViews = await rows(
    conn,
    betViewRow,
    'select b.id, b.created_by as viewer from bet b order by md5(b.id::text || $1) limit 50',
    [salt],
  );
  // Pots with an entrant who sees them, and the people in the most pots, for the pot page and the feed with pots.
  const potViews = await rows(
    conn,
    betViewRow,
    'select e.pot_id as id, e.user_id as viewer from pot_entry e order by md5(e.pot_id::text || e.user_id || $1) limit 50',
    [salt],
  );
  const potPeople = await ids(
    `select user_id as id from (select user_id from pot_invite union all select creator_id from pot) m
     group by user_id order by count(*) desc, user_id limit 50`,
    [],
  );
  // Members of the full groups (50), each with their group, for the group page's tabs.
  const groupViews = await rows(
    conn,
    betViewRow,
    `select m.group_id as id, m.user_id as viewer from group_member m
     where m.group_id in (select group_id from group_member group by group_id having count(*) = ${GROUP_MEMBERS_MAX})
     order by md5(m.group_id::text || m.user_id || $1) limit 50`,
    [salt],
  );
  // The group whose Balances tab nets the most unpaid pot payments, seen by its owner.
  const [heaviestGroup] = await rows(
    conn,
    betViewRow,
    `select g.id, g.owner_id as viewer from crew_group g join pot p on p.group_id = g.id and p.status = 'decided'
     join pot_payment pp on pp.pot_id = p.id and pp.sent_at is null
     group by g.id order by count(*) desc, g.id limit 1`,
  );
  const [busiestFriend = busiest] = await friendsOf(busiest);
  const usernames = (
    await rows(conn, usernameRow, 'select username from "user" order by md5(username || $1) limit 500', [
      salt,
    ])
  ).map((row) => row.username);
  const rng = new Random(seed);
  const fragments = (length: number) => Array.from({ length: 50 }, () => fragment(rng, usernames, length));
  return {
    pair: (i: number) => at(pairs, i),
    busiest,
    busiestFriend,
    loudest,
    betView: (i: number) => at(betViews, i),
    potView: (i: number) => at(potViews.length > 0 ? potViews : betViews, i),
    potPerson: (i: number) => at(potPeople.length > 0 ? potPeople : [busiest], i),
    groupView: (i: number) => at(groupViews, i),
    heaviestGroup: heaviestGroup ?? groupViews[0],
    hasGroups: groupViews.length > 0,
    terms: { two: fragments(2), three: fragments(3), four: fragments(4), exact: usernames.slice(0, 50) },
  };
}

function buildCases(db: Connection['db'], subjects: Awaited<ReturnType<typeof pickSubjects>>): Case[] {
  const {
    pair,
    busiest,
    busiestFriend,
    loudest,
    betView,
    potView,
    potPerson,
    groupView,
    heaviestGroup,
    terms,
  } = subjects;
  const activitySecondPage = async (viewer: string) => {
    const first = await getActivityPage(db, viewer, undefined);
    const cursor = first.nextCursor ? decodeCursor(first.nextCursor) : null;
    return cursor ? (await getActivityPage(db, viewer, cursor)).items.length : 0;
  };
  const search = (name: string, termFor: (i: number) => string): Case => ({
    name: `search: ${name}`,
    run: async (i) => (await searchUsers(db, pair(i).viewer, termFor(i))).length,
  });
  const card = async (viewer: string, user: string) =>
    (await getUserCard(db, viewer, user)).recentBets?.items.length ?? 0;
  return [
    search('2-char fragment', (i) => at(terms.two, i)),
    search('3-char fragment', (i) => at(terms.three, i)),
    search('4-char fragment', (i) => at(terms.four, i)),
    search("phone '555-12'", () => '555-12'),
    search('exact username', (i) => at(terms.exact, i)),
    search('no match', () => 'zqxjv'),
    {
      name: 'getProfileScreen',
      run: async (i) => (await getProfileScreen(db, pair(i).viewer)).friends.items.length,
    },
    {
      name: 'getProfileScreen (busiest user)',
      run: async () => (await getProfileScreen(db, busiest)).friends.items.length,
    },
    { name: 'getUserCard (busiest user, by a friend)', run: () => card(busiestFriend, busiest) },
    { name: 'getUserCard (friend)', run: (i) => card(pair(i).viewer, pair(i).friend) },
    { name: 'getUserCard (stranger)', run: (i) => card(pair(i).viewer, pair(i).stranger) },
    {
      name: 'getFeedPage (first page)',
      run: async (i) => (await getFeedPage(db, pair(i).viewer, undefined)).items.length,
    },
    {
      name: 'getFeedPage (second page)',
      run: async (i) => {
        const first = await getFeedPage(db, pair(i).viewer, undefined);
        const cursor = first.nextCursor ? decodeCursor(first.nextCursor) : null;
        return cursor ? (await getFeedPage(db, pair(i).viewer, cursor)).items.length : 0;
      },
    },
    {
      name: 'getFeedPage (busiest user)',
      run: async () => (await getFeedPage(db, busiest, undefined)).items.length,
    },
    {
      name: 'getWeeklyLeaderboard',
      run: async (i) => (await getWeeklyLeaderboard(db, pair(i).viewer)).length,
    },
    {
      name: 'getWeeklyLeaderboard (busiest user)',
      run: async () => (await getWeeklyLeaderboard(db, busiest)).length,
    },
    {
      name: 'getNotificationSummary',
      run: async (i) => (await getNotificationSummary(db, pair(i).viewer)).unreadCount,
    },
    {
      name: 'getActivityPage (first page)',
      run: async (i) => (await getActivityPage(db, pair(i).viewer, undefined)).items.length,
    },
    { name: 'getActivityPage (second page)', run: (i) => activitySecondPage(pair(i).viewer) },
    {
      name: 'getActivityPage (longest inbox)',
      run: async () => (await getActivityPage(db, loudest, undefined)).items.length,
    },
    { name: 'getActivityPage (longest inbox, page 2)', run: () => activitySecondPage(loudest) },
    {
      name: 'getWaitingOnYou',
      run: async (i) => {
        const waiting = await getWaitingOnYou(db, pair(i).viewer);
        return waiting.bets.length + waiting.friendRequests.length;
      },
    },
    {
      name: 'getWaitingOnYou (busiest user)',
      run: async () => {
        const waiting = await getWaitingOnYou(db, busiest);
        return waiting.bets.length + waiting.friendRequests.length;
      },
    },
    {
      name: 'getPot (pot page, an entrant)',
      run: async (i) => (await getPot(db, potView(i).viewer, potView(i).id)).entrants.length,
    },
    {
      name: 'getFeedPage (the 50 users in the most pots)',
      run: async (i) => (await getFeedPage(db, potPerson(i), undefined)).items.length,
    },
    {
      name: 'getMyPots (the 50 users in the most pots)',
      run: async (i) => (await getMyPots(db, potPerson(i))).open.length,
    },
    {
      name: 'group tab: Pots (listGroupPots, a member of a group of 50)',
      run: async (i) => (await listGroupPots(db, groupView(i).viewer, groupView(i).id)).length,
    },
    {
      name: 'group tab: Leaderboard, this week (groupLeaderboard)',
      run: async (i) => (await groupLeaderboard(db, groupView(i).viewer, groupView(i).id, 'week')).length,
    },
    {
      name: 'group tab: Leaderboard, all time (groupLeaderboard)',
      run: async (i) => (await groupLeaderboard(db, groupView(i).viewer, groupView(i).id, 'all')).length,
    },
    {
      name: 'group tab: Balances (groupBalances)',
      run: async (i) => (await groupBalances(db, groupView(i).viewer, groupView(i).id)).payments.length,
    },
    {
      name: 'group tab: Balances (the group with the most unpaid pot payments)',
      run: async () =>
        heaviestGroup ? (await groupBalances(db, heaviestGroup.viewer, heaviestGroup.id)).payments.length : 0,
    },
    {
      name: 'getBetPage',
      run: async (i) => (await getBetPage(db, betView(i).viewer, betView(i).id)).commentCount,
    },
    {
      name: 'listBalances (Balances card)',
      run: async (i) => (await listBalances(db, pair(i).viewer)).items.length,
    },
    {
      name: 'listBalances (busiest user)',
      run: async () => (await listBalances(db, busiest)).items.length,
    },
    {
      name: 'getBalance (busiest user and a friend)',
      run: async () => (await getBalance(db, busiest, busiestFriend)).bets.length,
    },
    {
      name: 'listMyBets (profile sections)',
      run: async (i) => (await listMyBets(db, pair(i).viewer)).past.items.length,
    },
    {
      name: 'listMyBets (busiest user)',
      run: async () => (await listMyBets(db, busiest)).past.items.length,
    },
    {
      name: 'listFriends (busiest user)',
      run: async () => (await listFriends(db, busiest)).items.length,
    },
    {
      name: 'listAllFriends (busiest user)',
      run: async () => (await listAllFriends(db, busiest)).length,
    },
  ];
}

async function run(conn: Connection, args: z.output<typeof argsSchema>) {
  const counts = await rows(
    conn,
    countRow,
    `select 'user' as table, count(*) as rows from "user" union all select 'friendship', count(*) from friendship
     union all select 'friend_request', count(*) from friend_request union all select 'bet', count(*) from bet union all select 'notification', count(*) from notification`,
  );
  console.log(`${conn.kind}: ${counts.map((count) => `${count.table} ${count.rows}`).join(', ')}\n`);
  const subjects = await pickSubjects(conn, args.seed);
  console.log(
    `${args.iterations} calls per case after ${args.warmup} warm-up calls; ms; rows = results per call\n`,
  );
  console.log('| case | p50 | p95 | p99 | mean | rows |\n|---|---|---|---|---|---|');
  const only = args.only?.split(',').filter((part) => part !== '');
  for (const benchCase of buildCases(conn.db, subjects)) {
    if (only && !only.some((part) => benchCase.name.includes(part))) continue;
    if (benchCase.name.startsWith('group tab') && !subjects.hasGroups) {
      console.log(`| ${benchCase.name} | no group of ${GROUP_MEMBERS_MAX}: seed again |`);
      continue;
    }
    await measure(benchCase, args.iterations, args.warmup);
  }

  const viewer = subjects.pair(0).viewer;
  await explainSearch(conn, viewer, '4-char fragment', at(subjects.terms.four, 0));
  await explainSearch(conn, viewer, '2-char fragment', at(subjects.terms.two, 0));
  await explainSearch(conn, viewer, 'phone fragment', '555-12');
  await explainCall(conn, 'feed page, typical user', () => getFeedPage(conn.db, viewer, undefined));
  await explainCall(conn, 'feed page, busiest user', () => getFeedPage(conn.db, subjects.busiest, undefined));
  await explainCall(conn, 'activity page, typical user', () => getActivityPage(conn.db, viewer, undefined));
  await explainCall(conn, 'activity page, longest inbox', () =>
    getActivityPage(conn.db, subjects.loudest, undefined),
  );
  await explainCall(conn, 'waiting on you, busiest user', () => getWaitingOnYou(conn.db, subjects.busiest));
  await explainCall(conn, 'feed page, the user in the most pots', () =>
    getFeedPage(conn.db, subjects.potPerson(0), undefined),
  );
  await explainCall(conn, 'pot page', () =>
    getPot(conn.db, subjects.potView(0).viewer, subjects.potView(0).id),
  );
  await explainCall(conn, 'bet page', () =>
    getBetPage(conn.db, subjects.betView(0).viewer, subjects.betView(0).id),
  );
  await explainCall(conn, 'weekly leaderboard, busiest user', () =>
    getWeeklyLeaderboard(conn.db, subjects.busiest),
  );
  if (subjects.hasGroups) {
    const { viewer: member, id: group } = subjects.groupView(0);
    await explainCall(conn, 'group Pots tab', () => listGroupPots(conn.db, member, group));
    await explainCall(conn, 'group Leaderboard tab, all time', () =>
      groupLeaderboard(conn.db, member, group, 'all'),
    );
    await explainCall(conn, 'group Balances tab', () => groupBalances(conn.db, member, group));
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the one statement a service call sends, and how many it sent. */
async function explainCall(conn: Connection, label: string, call: () => Promise<unknown>) {
  capture.on = true;
  capture.count = 0;
  try {
    await call();
  } finally {
    capture.on = false;
  }
  const sent = capture.last;
  if (!sent) throw new Error(`${label}: no query sent`);
  const plan = await rows(conn, planRow, `explain (analyze, buffers) ${sent.query}`, sent.params);
  const text = plan.map((row) => row['QUERY PLAN']).join('\n');
  // Every table read by a sequential scan: a small one may be fine, a big one is a missing index.
  const scanned = [...new Set([...text.matchAll(/Seq Scan on (\S+)/g)].map((match) => match[1]))];
  const seqScans = scanned.length > 0 ? `SEQUENTIAL SCAN of ${scanned.join(', ')}` : 'no sequential scan';
  console.log(`\n${label}: ${capture.count} statement(s), ${seqScans}:\n${text}`);
}

/** EXPLAIN (ANALYZE, BUFFERS) of exactly the statement searchUsers sends, captured from drizzle's logger. */
async function explainSearch(conn: Connection, viewer: string, label: string, term: string) {
  capture.on = true;
  try {
    await searchUsers(conn.db, viewer, term);
  } finally {
    capture.on = false;
  }
  const sent = capture.last;
  if (!sent) throw new Error('searchUsers sent no query');
  const plan = await rows(conn, planRow, `explain (analyze, buffers) ${sent.query}`, sent.params);
  const text = plan.map((row) => row['QUERY PLAN']).join('\n');
  const trigram = /user_(username|phone)_trgm_idx/.test(text)
    ? 'uses the trigram index'
    : 'does NOT use a trigram index';
  console.log(`\nsearch plan, ${label} '${term}' (${trigram}):\n${text}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
