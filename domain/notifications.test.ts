import { expect, test } from 'vitest';
import { activitySentence, activityTarget, notificationTypes, type ActivityItem } from './notifications.ts';

const line = (
  type: ActivityItem['type'],
  data: ActivityItem['data'] = { description: 'Lakers win', amount: 15 },
) => ({
  type,
  actor: { id: 'a', name: 'Sam Lee', image: null },
  data,
});

test('every inbox type reads as the issue words it', () => {
  const read = (type: ActivityItem['type']) => activitySentence(line(type), 'me');
  expect(read('friend_request_received')).toBe('Sam Lee sent you a friend request');
  expect(read('friend_request_accepted')).toBe('Sam Lee accepted your friend request');
  expect(read('invite_joined')).toBe('Sam Lee joined Sidepot from your invite');
  expect(read('invite_added')).toBe('Sam Lee added you from your invite');
  expect(read('bet_placed')).toBe('Sam Lee challenged you: Lakers win');
  expect(read('challenge_taken')).toBe('Sam Lee took your challenge: Lakers win');
  expect(read('challenge_declined')).toBe('Sam Lee declined your challenge');
  expect(read('bet_accepted')).toBe('Sam Lee accepted your bet: Lakers win');
  expect(read('bet_declined')).toBe('Sam Lee declined your bet: Lakers win');
  expect(read('void_requested')).toBe('Sam Lee asked to void: Lakers win');
  expect(read('bet_voided')).toBe('Sam Lee voided: Lakers win');
  expect(read('payment_marked')).toBe('Sam Lee marked $15 as paid');
  expect(read('payment_confirmed')).toBe('Sam Lee confirmed your $15 payment');
  expect(read('comment_added')).toBe('Sam Lee commented on Lakers win');
});

test('a resolved bet reads "You won" for the winner and "<Name> won" otherwise', () => {
  expect(activitySentence(line('bet_completed', { description: 'Chess', winnerId: 'me' }), 'me')).toBe(
    'You won: Chess',
  );
  expect(activitySentence(line('bet_completed', { description: 'Chess', winnerId: 'a' }), 'me')).toBe(
    'Sam Lee won: Chess',
  );
});

test('amounts read as whole dollars with separators; a missing actor reads as Someone', () => {
  expect(activitySentence(line('payment_marked', { amount: 1200 }), 'me')).toBe(
    'Sam Lee marked $1,200 as paid',
  );
  expect(activitySentence({ type: 'bet_accepted', actor: null, data: {} }, 'me')).toBe(
    'Someone accepted your bet: a bet',
  );
});

test('people events lead to the actor, bet events to the bet page', () => {
  const targets = Object.fromEntries(notificationTypes.map((type) => [type, activityTarget(type)]));
  expect(
    Object.entries(targets)
      .filter(([, target]) => target === 'user')
      .map(([type]) => type),
  ).toEqual([
    'friend_request_received',
    'friend_request_accepted',
    'invite_joined',
    'invite_added',
    'challenge_declined',
    'settlement_marked',
    'settlement_confirmed',
    'balance_reminder',
    'group_removed',
  ]);
});

test("the 'Groups' lines name the group; added opens its page, a new pot the pot, removed the owner (ADR 065)", () => {
  const group = { groupId: 'g1', groupName: 'Golf Four' };
  expect(activitySentence(line('group_added', group), 'me')).toBe('Sam Lee added you to a group: Golf Four');
  expect(activitySentence(line('group_removed', group), 'me')).toBe('Sam Lee removed you from a group: Golf Four');
  expect(activitySentence(line('group_pot_started', { ...group, description: 'Longest drive?', potId: 'p1' }), 'me')).toBe(
    'Sam Lee started a pot in Golf Four: Longest drive?',
  );
  expect(activityTarget('group_added')).toBe('group');
  expect(activityTarget('group_pot_started')).toBe('pot');
  expect(activityTarget('group_removed')).toBe('user');
});

test("a reminder reads '<Name> reminded you about $N'; an automatic one does not claim the winner sent it", () => {
  expect(activitySentence(line('payment_reminder', { description: 'Chess', amount: 20 }), 'me')).toBe('Sam Lee reminded you about $20');
  expect(activitySentence(line('balance_reminder', { amount: 1250, betCount: 3 }), 'me')).toBe('Sam Lee reminded you about $1,250');
  expect(activitySentence(line('payment_reminder_auto', { description: 'Chess', amount: 20 }), 'me')).toBe('Reminder: you owe Sam Lee $20');
});

test('settle-up lines name the amount and the number of bets', () => {
  expect(activitySentence(line('settlement_marked', { amount: 35, betCount: 3 }), 'me')).toBe('Sam Lee marked $35 as paid for 3 bets');
  expect(activitySentence(line('settlement_confirmed', { amount: 35, betCount: 1 }), 'me')).toBe(
    'Sam Lee confirmed your $35 payment for 1 bet',
  );
});
