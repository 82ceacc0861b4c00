import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { balanceDetailSchema, balancesSchema } from '#domain/balances.ts';
import { betSchema, notificationSummarySchema } from '#domain/bets.ts';
import { myChallengeSchema } from '#domain/challenges.ts';
import { betPageSchema, commentSchema, feedBetSchema } from '#domain/feed.ts';
import { friendRequestSchema, friendsPageSchema, searchResultSchema } from '#domain/friends.ts';
import { myInviteSchema } from '#domain/invites.ts';
import { limitsSchema } from '#domain/limits.ts';
import { notificationPreferencesSchema } from '#domain/notification-preferences.ts';
import { activityItemSchema } from '#domain/notifications.ts';
import { pageSchema } from '#domain/pagination.ts';
import { profileScreenSchema, userCardSchema, userSummarySchema } from '#domain/profiles.ts';
import { insertBet } from '#server/testing/bets.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * One contract per response: each screen's route answers exactly its zod schema in
 * domain/, the schema the web client's types come from (services return the domain types, and the web's
 * `hc<AppType>` reads them). Parsing strips what the schema does not name, so `toEqual` also fails when
 * a route sends a field the contract lacks.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

async function expectContract(schema: z.ZodType, res: { status: number; json(): Promise<unknown> }, status = 200) {
  expect(res.status).toBe(status);
  const body = await res.json();
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(body);
}

const itemsOf = (item: z.ZodType) => z.object({ items: z.array(item) });

/** A user with a friend, bets in every state (one with a comment and a like), a pending request and a challenge. */
async function world() {
  const me = await signedInUser(t, { venmoHandle: 'me-pay' });
  const friend = await signedInUser(t);
  const asker = await insertUser(t);
  await makeFriends(t, me.user.id, friend.user.id);
  await me.agent.api['friend-requests'].$post({ json: { userId: asker.id } });
  const completed = await insertBet(t, { createdBy: me.user.id, opponentId: friend.user.id, amount: 25, winnerId: friend.user.id });
  await insertBet(t, { createdBy: friend.user.id, opponentId: me.user.id, status: 'active' });
  await insertBet(t, { createdBy: friend.user.id, opponentId: me.user.id, status: 'pending' });
  await me.agent.api.bets[':id'].like.$put({ param: { id: completed.id } });
  await me.agent.api.bets[':id'].comments.$post({ param: { id: completed.id }, json: { text: 'gg' } });
  await me.agent.api.challenges.$post({ json: { description: 'Open link', amount: 5 } });
  return { me, friend, asker, completed };
}

test('the profile, a friend card, a stranger card and search answer their contracts', async () => {
  const { me, friend, asker } = await world();
  await expectContract(profileScreenSchema, await me.agent.api.profile.$get());
  await expectContract(userCardSchema, await me.agent.api.users[':id'].$get({ param: { id: friend.user.id } }));
  await expectContract(userCardSchema, await me.agent.api.users[':id'].$get({ param: { id: asker.id } }));
  await expectContract(itemsOf(searchResultSchema), await me.agent.api.users.search.$get({ query: { q: friend.user.username } }));
  await expectContract(friendsPageSchema, await me.agent.api.friends.$get({ query: {} }));
  await expectContract(itemsOf(userSummarySchema), await me.agent.api.friends.all.$get());
  await expectContract(itemsOf(friendRequestSchema), await friend.agent.api['friend-requests'].$get());
});

test('the feed, a bet page, its comments and my bets answer their contracts', async () => {
  const { me, completed } = await world();
  await expectContract(pageSchema(feedBetSchema), await me.agent.api.feed.$get({ query: {} }));
  await expectContract(betPageSchema, await me.agent.api.bets[':id'].$get({ param: { id: completed.id } }));
  await expectContract(itemsOf(commentSchema), await me.agent.api.bets[':id'].comments.$get({ param: { id: completed.id } }));
  const myBets = z.object({ pending: pageSchema(betSchema), active: pageSchema(betSchema), past: pageSchema(betSchema) });
  await expectContract(myBets, await me.agent.api.bets.mine.$get());
  await expectContract(z.array(myChallengeSchema), await me.agent.api.challenges.mine.$get());
});

test('the red dot, the inbox, balances, limits, invite and settings answer their contracts', async () => {
  const { me, friend } = await world();
  await expectContract(notificationSummarySchema, await me.agent.api.notifications.summary.$get());
  await expectContract(pageSchema(activityItemSchema), await friend.agent.api.activity.$get({ query: {} }));
  await expectContract(balancesSchema, await me.agent.api.balances.$get());
  await expectContract(balanceDetailSchema, await me.agent.api.balances[':friendId'].$get({ param: { friendId: friend.user.id } }));
  await expectContract(limitsSchema, await me.agent.api.limits.$get());
  await expectContract(myInviteSchema, await me.agent.api.invites.mine.$get());
  await expectContract(notificationPreferencesSchema, await me.agent.api.settings.notifications.$get());
});
