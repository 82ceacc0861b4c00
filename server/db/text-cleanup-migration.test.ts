import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hasForbiddenCharacters } from '#domain/text.ts';
import { insertBet } from '../testing/bets.ts';
import { insertUser, makeFriends } from '../testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '../testing/test-app.ts';
import { users } from './schema/auth.ts';
import { bets } from './schema/bets.ts';
import { challenges } from './schema/challenges.ts';
import { comments } from './schema/comments.ts';
import { friendships } from './schema/friends.ts';
import { notifications } from './schema/notifications.ts';

/*
 * Migration 0020 (ADR 050) cleans rows written before the text rule. The test database is already
 * migrated, so the test writes dirty rows past the API and runs the migration's statements again: it
 * only creates its functions, rewrites rows that are still dirty and drops the functions.
 */
const migration = readFileSync(new URL('../migrations/0020_text_cleanup.sql', import.meta.url), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

async function runMigration() {
  for (const statement of migration.split('--> statement-breakpoint')) {
    if (statement.trim()) await t.db.execute(sql.raw(statement));
  }
}

test('migration 0020 cleans seeded dirty rows: NFC, hidden characters gone, emoji kept, empties and username clashes handled', async () => {
  const taken = await insertUser(t, { username: 'admin_0020', displayUsername: 'Admin_0020' });
  const dirty = await insertUser(t, {
    name: ' ad\u200Dmin Zoe\u0308\u00AD ',
    username: 'admin_\u200B0020',
    displayUsername: 'Admin_\u200B0020',
  });
  const blank = await insertUser(t, {
    name: '\u3164\u200B',
    username: 'ok\u2060',
    displayUsername: 'ok\u2060',
  });
  const friend = await insertUser(t);
  await makeFriends(t, friend.id, dirty.id);

  const bet = await insertBet(t, { createdBy: dirty.id, opponentId: friend.id });
  await t.db
    .update(bets)
    .set({ description: 'Lakers\u202E win \u2764\uFE0F 👩‍👩‍👧', disputedAt: new Date(), disputeReason: '\u200B' })
    .where(eq(bets.id, bet.id));
  const empty = await insertBet(t, { createdBy: friend.id, opponentId: dirty.id });
  await t.db.update(bets).set({ description: '\u2060\uFEFF' }).where(eq(bets.id, empty.id));

  const [kept, gone] = await t.db
    .insert(comments)
    .values([
      {
        betId: bet.id,
        userId: friend.id,
        text: 'g\u200Bg\nwp 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
      },
      { betId: bet.id, userId: friend.id, text: '\u200B\u200C' },
    ])
    .returning();
  const [challenge] = await t.db
    .insert(challenges)
    .values({
      code: 'c0020cleanupAAAAAAAAAA',
      creatorId: dirty.id,
      description: 'Cafe\u0301\u034F run',
      amount: 5,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [notification] = await t.db
    .insert(notifications)
    .values({
      userId: friend.id,
      type: 'bet_placed',
      betId: bet.id,
      actorId: dirty.id,
      data: { description: 'Lakers\u200E win', amount: 10 },
    })
    .returning();

  await runMigration();

  const byId = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const cleaned = await byId(dirty.id);
  expect(cleaned?.name).toBe('admin Zo\u00EB');
  // 'admin_0020' is someone else's: the clash takes a generated username.
  expect(cleaned?.username).toMatch(/^user_[0-9a-f]{12}$/);
  expect(cleaned?.displayUsername).toBe(cleaned?.username);
  const emptied = await byId(blank.id);
  expect(emptied?.username).toMatch(/^user_[0-9a-f]{12}$/);
  expect(emptied?.name).toBe(emptied?.displayUsername);
  expect((await byId(taken.id))?.username).toBe('admin_0020');
  // The friendship copy follows the user row (migration 0019's trigger).
  const [copy] = await t.db.select().from(friendships).where(eq(friendships.friendId, dirty.id));
  expect(copy?.friendName).toBe('admin Zo\u00EB');

  const [cleanBet] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  expect(cleanBet?.description).toBe('Lakers win \u2764\uFE0F 👩‍👩‍👧');
  expect(cleanBet?.disputeReason).toBeNull();
  expect((await t.db.select().from(bets).where(eq(bets.id, empty.id)))[0]?.description).toBe(
    '(no description)',
  );

  const left = await t.db
    .select()
    .from(comments)
    .where(inArray(comments.id, [kept?.id ?? '', gone?.id ?? '']));
  expect(left.map((row) => row.text)).toEqual([
    'gg wp 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
  ]);
  expect(
    (
      await t.db
        .select()
        .from(challenges)
        .where(eq(challenges.id, challenge?.id ?? ''))
    )[0]?.description,
  ).toBe('Caf\u00E9 run');
  const [note] = await t.db
    .select()
    .from(notifications)
    .where(eq(notifications.id, notification?.id ?? ''));
  expect(note?.data).toEqual({ description: 'Lakers win', amount: 10 });

  // What the migration leaves passes the rule the API applies.
  for (const text of [cleaned?.name, cleanBet?.description, ...left.map((row) => row.text)])
    expect(hasForbiddenCharacters(text ?? ''), text).toBe(false);
});

test('migration 0020 leaves clean rows untouched', async () => {
  const user = await insertUser(t, { name: 'Łukasz 🎲' });
  const [before] = await t.db.select().from(users).where(eq(users.id, user.id));
  await runMigration();
  const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
  expect(after).toEqual(before);
});
