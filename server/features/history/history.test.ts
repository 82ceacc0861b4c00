import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HISTORY_CSV_PATH, historyCsvColumns } from '#domain/history.ts';
import { bets } from '#server/db/schema/bets.ts';
import { createAgent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { parseCsv } from '#server/testing/csv.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

async function download(agent: ReturnType<typeof createAgent>) {
  const res = await agent.request(HISTORY_CSV_PATH, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(res.status).toBe(200);
  return { res, text: await res.text() };
}

test('an attachment with the header row and one row per bet I took part in, newest first', async () => {
  const me = await signedInUser(t);
  const alex = await insertUser(t, { name: 'Alex Rivera' });
  const sam = await insertUser(t, { name: 'Sam Lee' });
  await makeFriends(t, me.user.id, alex.id);
  await insertBet(t, { createdBy: me.user.id, opponentId: alex.id, amount: 25, winnerId: alex.id, paymentSent: true, paymentConfirmed: true });
  await insertBet(t, { createdBy: alex.id, opponentId: me.user.id, amount: 5, status: 'active' });
  await insertBet(t, { createdBy: sam.id, opponentId: me.user.id, amount: 7, winnerId: me.user.id });
  await insertBet(t, { createdBy: alex.id, opponentId: sam.id, amount: 99 }); // not mine

  const { res, text } = await download(me.agent);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sidepot-history-\d{4}-\d{2}-\d{2}\.csv"$/);
  // Streamed as is: never buffered whole for compression.
  expect(res.headers.get('content-encoding')).toBeNull();
  expect(text.startsWith('date,opponent,description,amount,status,result,paid,confirmed,settled\r\n')).toBe(true);

  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...historyCsvColumns]);
  expect(rows.map((row) => row.slice(1))).toEqual([
    ['Sam Lee', expect.stringMatching(/^Bet number/), '7', 'completed', 'won', 'no', 'no', expect.stringMatching(/^2026-01-01T/)],
    ['Alex Rivera', expect.stringMatching(/^Bet number/), '5', 'active', '', '', '', ''],
    ['Alex Rivera', expect.stringMatching(/^Bet number/), '25', 'completed', 'lost', 'yes', 'yes', expect.stringMatching(/^2026-01-01T/)],
  ]);
  for (const row of rows) expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test('descriptions with commas, quotes and newlines round-trip; formula-like text is defused', async () => {
  const me = await signedInUser(t);
  const friend = await insertUser(t, { name: '=HYPERLINK("http://evil.example","Bob")' });
  const tricky = [
    'Lakers, Celtics, or "neither"',
    'Line one\nline two\r\nline three',
    '"Quoted" at the start, and at the end "',
    '=1+2',
    '+SUM(A1:A9)',
    '-5 points',
    '@mention',
    '\uFF1DHYPERLINK("http://evil.example")',
    '\uFF0B1, \uFF0D1 and \uFF20A1',
    'Plain text — ünïcödé 🎲',
  ];
  for (const [i, description] of tricky.entries()) {
    await t.db.insert(bets).values({
      createdBy: me.user.id,
      opponentId: friend.id,
      description,
      amount: i + 1,
      creatorStake: i + 1,
      opponentStake: i + 1,
      createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)),
    });
  }
  const { text } = await download(me.agent);
  const rows = parseCsv(text).slice(1).reverse();
  expect(rows.map((row) => row[2])).toEqual([
    'Lakers, Celtics, or "neither"',
    'Line one\nline two\r\nline three',
    '"Quoted" at the start, and at the end "',
    "'=1+2",
    "'+SUM(A1:A9)",
    "'-5 points",
    "'@mention",
    "'\uFF1DHYPERLINK(\"http://evil.example\")",
    "'\uFF0B1, \uFF0D1 and \uFF20A1",
    'Plain text — ünïcödé 🎲',
  ]);
  expect(rows.every((row) => row.length === historyCsvColumns.length)).toBe(true);
  expect(rows[0]?.[1]).toBe(`'=HYPERLINK("http://evil.example","Bob")`);
});

test('10,000 bets stream in keyset pages: every bet once, in order', async () => {
  const me = await signedInUser(t);
  const friend = await insertUser(t, { name: 'Busy Friend' });
  const total = 10_000;
  // Half placed by me, half by the friend; some share a created_at, so the id breaks ties.
  await t.db.execute(sql`
    insert into bet (created_by, opponent_id, description, amount, creator_stake, opponent_stake, status, created_at)
    select case when g % 2 = 0 then ${me.user.id} else ${friend.id} end,
           case when g % 2 = 0 then ${friend.id} else ${me.user.id} end,
           'Bulk bet ' || g, 1 + g % 100, 1 + g % 100, 1 + g % 100, 'pending',
           timestamp with time zone '2025-01-01 00:00:00+00' + make_interval(secs => g / 3)
    from generate_series(1, ${total}) as g`);
  const started = performance.now();
  const res = await me.agent.request(HISTORY_CSV_PATH);
  expect(res.status).toBe(200);
  if (!res.body) throw new Error('no body');
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  let chunks = 0;
  let text = '';
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks += 1;
    text += decoder.decode(value, { stream: true });
  }
  const ms = performance.now() - started;
  const rows = parseCsv(text).slice(1);
  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((row) => row[2])).size).toBe(total);
  const dates = rows.map((row) => row[0] ?? '');
  expect(dates).toEqual([...dates].sort().reverse());
  // One chunk per page, not one body: the server never held all 10,000 rows.
  expect(chunks).toBeGreaterThanOrEqual(total / 500);
  console.info(`history: ${total} rows, ${text.length} bytes, ${chunks} chunks, ${Math.round(ms)} ms`);
});

test('signed out: 401', async () => {
  expect((await createAgent(t).get(HISTORY_CSV_PATH)).status).toBe(401);
});
