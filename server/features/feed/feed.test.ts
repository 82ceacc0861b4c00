import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeCursor } from '#domain/pagination.ts';
import { bets } from '#server/db/schema/bets.ts';
import { createAgent, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { getFeedPage, type FeedStrategy } from './feed.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const feedIds = async (agent: Agent) => (await (await agent.api.feed.$get({ query: {} })).json()).items.map((b) => b.id);

test('the feed holds my bets, bets against me and bets my friends created; nothing else', async () => {
  const me = await signedInUser(t);
  const friend = await insertUser(t);
  const stranger = await insertUser(t);
  const strangersPal = await insertUser(t);
  await makeFriends(t, me.user.id, friend.id);
  await makeFriends(t, stranger.id, friend.id);
  await makeFriends(t, stranger.id, strangersPal.id);

  const mine = await insertBet(t, { createdBy: me.user.id, opponentId: friend.id });
  const againstMe = await insertBet(t, { createdBy: friend.id, opponentId: me.user.id });
  const friendVsStranger = await insertBet(t, { createdBy: friend.id, opponentId: stranger.id });
  const strangerVsFriend = await insertBet(t, { createdBy: stranger.id, opponentId: friend.id });
  const strangers = await insertBet(t, { createdBy: stranger.id, opponentId: strangersPal.id });

  const ids = await feedIds(me.agent);
  expect(ids).toEqual([friendVsStranger.id, againstMe.id, mine.id]);
  expect(ids).not.toContain(strangerVsFriend.id);
  expect(ids).not.toContain(strangers.id);
});

test('a feed item carries parties, winner, amount, ages and counts', async () => {
  const me = await signedInUser(t);
  const friend = await insertUser(t, { name: 'Winnie' });
  await makeFriends(t, me.user.id, friend.id);
  const bet = await insertBet(t, { createdBy: me.user.id, opponentId: friend.id, amount: 25, winnerId: friend.id });
  await me.agent.api.bets[':id'].like.$put({ param: { id: bet.id } });
  await me.agent.api.bets[':id'].comments.$post({ param: { id: bet.id }, json: { text: 'gg' } });
  const [item] = (await (await me.agent.api.feed.$get({ query: {} })).json()).items;
  expect(item).toMatchObject({
    id: bet.id,
    amount: 25,
    status: 'completed',
    creator: { id: me.user.id, name: me.user.name, venmoHandle: me.user.venmoHandle },
    opponent: { id: friend.id, name: 'Winnie' },
    winner: { id: friend.id, name: 'Winnie' },
    commentCount: 1,
    likeCount: 1,
    likedByMe: true,
    createdAt: bet.createdAt.toISOString(),
  });
});

test('pages of 20 stay stable while new bets arrive', async () => {
  const me = await signedInUser(t);
  const friend = await insertUser(t);
  await makeFriends(t, me.user.id, friend.id);
  for (let i = 0; i < 45; i += 1) await insertBet(t, { createdBy: i % 2 ? me.user.id : friend.id, opponentId: i % 2 ? friend.id : me.user.id });
  const first = await (await me.agent.api.feed.$get({ query: {} })).json();
  expect(first.items.length).toBe(20);
  await insertBet(t, { createdBy: friend.id, opponentId: me.user.id });
  const second = await (await me.agent.api.feed.$get({ query: { cursor: String(first.nextCursor) } })).json();
  const third = await (await me.agent.api.feed.$get({ query: { cursor: String(second.nextCursor) } })).json();
  expect(third.items.length).toBe(5);
  expect(third['nextCursor']).toBeNull();
  const all = [first, second, third].flatMap((page) => page.items.map((b) => b.id));
  expect(new Set(all).size).toBe(45);
});

test('likes are idempotent, counted per user, and only on visible bets', async () => {
  const me = await signedInUser(t);
  const pal = await signedInUser(t);
  const stranger = await signedInUser(t);
  await makeFriends(t, me.user.id, pal.user.id);
  const bet = await insertBet(t, { createdBy: me.user.id, opponentId: pal.user.id });
  const like = (agent: Agent) => agent.api.bets[':id'].like.$put({ param: { id: bet.id } });
  const unlike = (agent: Agent) => agent.api.bets[':id'].like.$delete({ param: { id: bet.id } });
  expect(await (await like(me.agent)).json()).toEqual({ liked: true, likeCount: 1 });
  expect(await (await like(me.agent)).json()).toEqual({ liked: true, likeCount: 1 });
  expect(await (await like(pal.agent)).json()).toEqual({ liked: true, likeCount: 2 });
  expect(await (await unlike(me.agent)).json()).toEqual({ liked: false, likeCount: 1 });
  expect(await (await unlike(me.agent)).json()).toEqual({ liked: false, likeCount: 1 });
  expect((await like(stranger.agent)).status).toBe(404);
  expect((await like(createAgent(t))).status).toBe(401);
});

test('comments: oldest first with authors, trimmed, refused on invisible bets', async () => {
  const me = await signedInUser(t);
  const pal = await signedInUser(t);
  const stranger = await signedInUser(t);
  await makeFriends(t, me.user.id, pal.user.id);
  const bet = await insertBet(t, { createdBy: pal.user.id, opponentId: me.user.id });
  const comment = (agent: Agent, text: string) => agent.api.bets[':id'].comments.$post({ param: { id: bet.id }, json: { text } });
  const first = await comment(me.agent, '  first!  ');
  expect(first.status).toBe(201);
  expect(await first.json()).toMatchObject({ text: 'first!', author: { id: me.user.id, name: me.user.name } });
  await comment(pal.agent, 'second');
  const list = (await (await me.agent.api.bets[':id'].comments.$get({ param: { id: bet.id } })).json()).items;
  expect(list.map((c) => c['text'])).toEqual(['first!', 'second']);
  expect((await comment(me.agent, '   ')).status).toBe(422);
  expect((await comment(me.agent, 'x'.repeat(501))).status).toBe(422);
  expect((await stranger.agent.api.bets[':id'].comments.$get({ param: { id: bet.id } })).status).toBe(404);
  expect((await comment(stranger.agent, 'hi')).status).toBe(404);
});

test('the leaderboard ranks me and my friends by wins in the last 7 days, ties share a rank', async () => {
  const me = await signedInUser(t);
  const [ann, bob, cat, outsider] = [await insertUser(t, { name: 'Ann' }), await insertUser(t, { name: 'Bob' }), await insertUser(t, { name: 'Cat' }), await insertUser(t)];
  for (const pal of [ann, bob, cat]) await makeFriends(t, me.user.id, pal.id);
  const win = async (winner: string, loser: string, daysAgo = 0) => {
    const bet = await insertBet(t, { createdBy: winner, opponentId: loser, winnerId: winner });
    await t.db.update(bets).set({ completedAt: new Date(Date.now() - daysAgo * 86_400_000) }).where(eq(bets.id, bet.id));
  };
  await win(ann.id, outsider.id);
  await win(ann.id, outsider.id);
  await win(bob.id, outsider.id);
  await win(bob.id, outsider.id);
  await win(me.user.id, outsider.id);
  await win(cat.id, outsider.id, 8); // outside the window
  await win(outsider.id, ann.id); // not a friend of mine

  const { items } = await (await me.agent.api.feed.leaderboard.$get()).json();
  expect(items.map((e) => [e.rank, e.user.name, e.wins])).toEqual([
    [1, 'Ann', 2],
    [1, 'Bob', 2],
    [3, me.user.name, 1],
  ]);
});

test('the leaderboard reads names only at and above the 10th best, and still breaks ties by name, then id', async () => {
  const me = await signedInUser(t);
  const outsider = await insertUser(t);
  const winsOf = async (name: string, wins: number) => {
    const pal = await insertUser(t, { name });
    await makeFriends(t, me.user.id, pal.id);
    for (let i = 0; i < wins; i += 1) await insertBet(t, { createdBy: pal.id, opponentId: outsider.id, winnerId: pal.id, completedAt: new Date() });
    return pal;
  };
  // Inserted out of name order; two people named 'B8' tie on wins and name at the 10th place.
  const twins = [await winsOf('B8', 2), await winsOf('B8', 2)].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const name of ['B5', 'B2', 'B7', 'B0', 'B3', 'B6', 'B1', 'B4']) await winsOf(name, 2);
  await winsOf('Al', 1); // sorts first by name, but below the cutoff
  await winsOf('Kim', 3);
  await insertBet(t, { createdBy: me.user.id, opponentId: outsider.id, winnerId: me.user.id, completedAt: new Date() });

  const { items } = await (await me.agent.api.feed.leaderboard.$get()).json();
  expect(items.map((e) => [e.rank, e.user.name, e.wins])).toEqual([
    [1, 'Kim', 3],
    ...['B0', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8'].map((name) => [2, name, 2]),
  ]);
  expect(items.at(-1)?.user.id).toBe(twins[0]?.id);
});

test('feed and leaderboard need a session', async () => {
  expect((await createAgent(t).api.feed.$get({ query: {} })).status).toBe(401);
  expect((await createAgent(t).api.feed.leaderboard.$get()).status).toBe(401);
});

test('both ways of finding friends’ bets give the same pages, ties and cursors included', async () => {
  const me = await insertUser(t);
  const friends = [await insertUser(t), await insertUser(t), await insertUser(t), await insertUser(t)];
  const stranger = await insertUser(t);
  for (const friend of friends) await makeFriends(t, me.id, friend.id);
  await makeFriends(t, stranger.id, friends[0]?.id ?? '');
  const made: string[] = [];
  for (let round = 0; round < 12; round += 1)
    for (const [i, friend] of friends.entries()) {
      made.push((await insertBet(t, { createdBy: friend.id, opponentId: i % 2 ? me.id : stranger.id })).id);
      await insertBet(t, { createdBy: stranger.id, opponentId: friend.id });
    }
  made.push((await insertBet(t, { createdBy: me.id, opponentId: friends[1]?.id ?? '' })).id);
  // Five bets at one instant: only the id orders them, across a page boundary.
  const tied = made.slice(14, 19);
  await t.db.update(bets).set({ createdAt: new Date(Date.UTC(2030, 0, 1)) }).where(inArray(bets.id, tied));

  const walk = async (strategy: FeedStrategy) => {
    const pages: { ids: string[]; next: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof getFeedPage>> = await getFeedPage(
        t.db,
        me.id,
        cursor ? (decodeCursor(cursor) ?? undefined) : undefined,
        strategy,
      );
      pages.push({ ids: page.items.map((item) => item.id), next: page.nextCursor });
      cursor = page.nextCursor;
    } while (cursor && pages.length < 10);
    return pages;
  };
  const probes = await walk('friends');
  expect(probes.flatMap((page) => page.ids).sort()).toEqual([...made].sort());
  expect(probes.length).toBe(3);
  expect(await walk('recent')).toEqual(probes);
  expect(await walk('auto')).toEqual(probes);
});
