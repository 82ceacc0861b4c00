import { expect, test } from 'vitest';
import { pushPayload, pushSubscriptionInputSchema, pushUrgency, type PushLine } from './push.ts';

const line = (over: Partial<PushLine>): PushLine => ({
  type: 'bet_placed',
  recipientId: 'bob',
  actorId: 'alice',
  actorName: 'Alice Smith',
  betId: 'b1',
  data: { description: 'Lakers win tonight', amount: 25 },
  ...over,
});

test('a challenge names the actor and amount, opens the bet page and collapses by bet', () => {
  expect(pushPayload(line({}))).toEqual({
    title: 'New challenge',
    body: 'Alice Smith challenged you to a $25 bet: Lakers win tonight',
    url: '/bets/b1',
    tag: 'bet-b1',
  });
  expect(pushUrgency('bet_placed')).toBe('high');
  expect(pushUrgency('bet_accepted')).toBe('normal');
});

test('every pushed type has its own title and one-line body', () => {
  expect(pushPayload(line({ type: 'bet_accepted' })).body).toBe('Alice Smith accepted your $25 bet: Lakers win tonight');
  expect(pushPayload(line({ type: 'void_requested' })).title).toBe('Void requested');
  expect(pushPayload(line({ type: 'payment_marked' })).body).toBe('Alice Smith marked $25 as paid');
  expect(pushPayload(line({ type: 'payment_confirmed' })).body).toBe('Alice Smith confirmed your $25 payment');
  expect(pushPayload(line({ type: 'comment_added' })).body).toBe('Alice Smith commented on your $25 bet: Lakers win tonight');
  expect(pushPayload(line({ type: 'bet_completed', data: { amount: 25, description: 'x', winnerId: 'bob' } }))).toMatchObject({
    title: 'You won',
    body: 'You won $25 against Alice Smith: x',
  });
  expect(pushPayload(line({ type: 'bet_completed', data: { amount: 25, description: 'x', winnerId: 'alice' } })).body).toBe(
    'Alice Smith won $25: x',
  );
  expect(pushPayload(line({ type: 'bet_declined', betId: null }))).toMatchObject({ url: '/activity', tag: 'activity' });
  expect(pushPayload(line({ type: 'comment_added', data: { amount: 5, description: 'a\nb '.repeat(100) } })).body).toMatch(/^[^\n]{1,140}$/);
});

test('a friend request opens /activity and collapses per sender', () => {
  expect(pushPayload(line({ type: 'friend_request_received', betId: null, data: {} }))).toEqual({
    title: 'Friend request',
    body: 'Alice Smith sent you a friend request',
    url: '/activity',
    tag: 'friend-alice',
  });
});

test('a subscription needs an https endpoint and keys of the right size', () => {
  const good = {
    endpoint: 'https://push.example.com/abc',
    expirationTime: null,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AQEBAQEBAQEBAQEBAQEBAQ' },
  };
  expect(pushSubscriptionInputSchema.safeParse(good).success).toBe(true);
  expect(pushSubscriptionInputSchema.safeParse({ ...good, endpoint: 'http://push.example.com/abc' }).success).toBe(false);
  expect(pushSubscriptionInputSchema.safeParse({ ...good, keys: { ...good.keys, auth: 'AAAA' } }).success).toBe(false);
  expect(pushSubscriptionInputSchema.safeParse({ ...good, keys: { ...good.keys, p256dh: '!!' } }).success).toBe(false);
});

test("an open uneven bet's lines name both stakes, the creator's first (ADR 066)", () => {
  const uneven = { description: 'Lakers win tonight', amount: 20, opponentStake: 10 };
  expect(pushPayload(line({ data: uneven })).body).toBe('Alice Smith challenged you to a $20 vs $10 bet: Lakers win tonight');
  expect(pushPayload(line({ type: 'bet_accepted', data: uneven })).body).toBe(
    'Alice Smith accepted your $20 vs $10 bet: Lakers win tonight',
  );
  expect(pushPayload(line({ type: 'void_requested', data: uneven })).body).toBe(
    'Alice Smith asked to void your $20 vs $10 bet: Lakers win tonight',
  );
});

test("the 'Groups' pushes read as their inbox lines and open the group or the pot (ADR 065)", () => {
  const group = { groupId: 'g1', groupName: 'Golf Four' };
  expect(pushPayload(line({ type: 'group_added', betId: null, data: group }))).toEqual({
    title: 'Added to a group',
    body: 'Alice Smith added you to a group: Golf Four',
    url: '/groups/g1',
    tag: 'activity',
  });
  expect(pushPayload(line({ type: 'group_removed', betId: null, data: group }))).toMatchObject({
    title: 'Removed from a group',
    body: 'Alice Smith removed you from a group: Golf Four',
    url: '/activity',
  });
  const pot = { ...group, potId: 'p1', description: 'Longest drive?', amount: 10 };
  expect(pushPayload(line({ type: 'group_pot_started', betId: null, data: pot }))).toMatchObject({
    title: 'New group pot',
    body: 'Alice Smith started a pot in Golf Four: Longest drive?',
    url: '/pots/p1',
  });
});

test("a simplified payment waiting on me pushes its inbox line and opens the group's page (ADR 064)", () => {
  const data = { groupId: 'g1', groupName: 'Golf Four', amount: 12 };
  expect(pushPayload(line({ type: 'group_payment_marked', betId: null, data }))).toEqual({
    title: 'Payment marked',
    body: 'Alice Smith marked $12 as paid in Golf Four',
    url: '/groups/g1',
    tag: 'activity',
  });
  expect(pushPayload(line({ type: 'group_settle_started', betId: null, data }))).toMatchObject({
    title: 'Settle up',
    body: 'Alice Smith is settling up Golf Four: you pay $12',
    url: '/groups/g1',
  });
});
