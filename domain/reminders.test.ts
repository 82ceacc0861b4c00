import { expect, test } from 'vitest';
import { deliveryOf } from './notification-preferences.ts';
import { pushPayload } from './push.ts';
import { isReminderAllowed, nextAutoReminderAt, nextReminderAt } from './reminders.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3600_000;

test('one reminder per 24 hours: the boundary itself is allowed, a millisecond before it is not', () => {
  const last = at('2026-03-01T10:00:00Z');
  expect(nextReminderAt(null)).toBeNull();
  expect(nextReminderAt(last)?.toISOString()).toBe('2026-03-02T10:00:00.000Z');
  expect(isReminderAllowed(null, last)).toBe(true);
  expect(isReminderAllowed(last, new Date(last.getTime() + 24 * HOUR - 1))).toBe(false);
  expect(isReminderAllowed(last, new Date(last.getTime() + 24 * HOUR))).toBe(true);
});

test('automatic reminders: 3 days after resolution, then 7 days after the last reminder, at most 3', () => {
  const completedAt = at('2026-03-01T10:00:00Z');
  expect(nextAutoReminderAt({ completedAt, lastRemindedAt: null, autoRemindersSent: 0 })?.toISOString()).toBe('2026-03-04T10:00:00.000Z');
  const first = at('2026-03-04T10:05:00Z');
  expect(nextAutoReminderAt({ completedAt, lastRemindedAt: first, autoRemindersSent: 1 })?.toISOString()).toBe('2026-03-11T10:05:00.000Z');
  expect(nextAutoReminderAt({ completedAt, lastRemindedAt: first, autoRemindersSent: 3 })).toBeNull();
});

test("a winner's reminder holds the first automatic one back 24 hours and restarts the weekly wait", () => {
  const completedAt = at('2026-03-01T10:00:00Z');
  const manual = at('2026-03-03T22:00:00Z');
  expect(nextAutoReminderAt({ completedAt, lastRemindedAt: manual, autoRemindersSent: 0 })?.toISOString()).toBe('2026-03-04T22:00:00.000Z');
  const early = at('2026-03-02T10:00:00Z');
  expect(nextAutoReminderAt({ completedAt, lastRemindedAt: early, autoRemindersSent: 0 })?.toISOString()).toBe('2026-03-04T10:00:00.000Z');
  const later = at('2026-03-09T08:00:00Z');
  expect(nextAutoReminderAt({ completedAt, lastRemindedAt: later, autoRemindersSent: 1 })?.toISOString()).toBe('2026-03-16T08:00:00.000Z');
});

test("reminders travel by the 'Reminders' category, push and email, and push with the bet's words", () => {
  for (const type of ['payment_reminder', 'balance_reminder', 'payment_reminder_auto'] as const) {
    expect(deliveryOf(type)).toEqual({ category: 'reminders', channels: ['push', 'email'] });
  }
  const push = pushPayload({
    type: 'payment_reminder',
    recipientId: 'me',
    actorId: 'a',
    actorName: 'Sam Lee',
    betId: 'b1',
    data: { description: 'Chess', amount: 20 },
  });
  expect(push).toEqual({ title: 'Payment reminder', body: 'Sam Lee reminded you about $20: Chess', url: '/bets/b1', tag: 'bet-b1' });
  const balance = pushPayload({ type: 'balance_reminder', recipientId: 'me', actorId: 'a', actorName: 'Sam Lee', betId: null, data: { amount: 35, betCount: 2 } });
  expect(balance).toMatchObject({ body: 'Sam Lee reminded you about $35', url: '/activity' });
});
