import { expect, test } from 'vitest';
import { breakEnd, fitsLimit, isOnBreak, limitMessages, parseLossLimit, updateLossLimitInputSchema } from './limits.ts';

test('the refusal names the limit in the spec’s money format', () => {
  expect(limitMessages.exceeds(50)).toBe('This bet would exceed your weekly loss limit of $50.');
  expect(limitMessages.exceeds(1200)).toBe('This bet would exceed your weekly loss limit of $1,200.');
});

test('the break text ends with a date and a full stop; the server’s says UTC', () => {
  expect(limitMessages.onBreak('2026-11-25T15:04:00Z', 'utc')).toBe('You are on a break until Nov 25, 2026, 3:04 PM UTC.');
  expect(limitMessages.onBreak('2026-11-25T15:04:00Z')).toMatch(/^You are on a break until Nov 2\d, 2026, \d{1,2}:04 [AP]M\.$/);
});

test('reaching the limit exactly fits; a dollar more does not; no limit always fits', () => {
  expect(fitsLimit(50, 30, 20)).toBe(true);
  expect(fitsLimit(50, 30, 21)).toBe(false);
  expect(fitsLimit(null, 1_000_000, 10_000)).toBe(true);
});

test('the form’s text: empty is no limit, whole dollars with $ and commas, anything else invalid', () => {
  expect(parseLossLimit('')).toBeNull();
  expect(parseLossLimit('   ')).toBeNull();
  expect(parseLossLimit('50')).toBe(50);
  expect(parseLossLimit(' $1,200 ')).toBe(1200);
  for (const bad of ['0', '-5', '1.5', 'ten', '$', '1e3', '1000001']) expect(parseLossLimit(bad)).toBeUndefined();
});

test('the API schema takes an integer of at least 1 or null', () => {
  expect(updateLossLimitInputSchema.safeParse({ weeklyLossLimit: null }).success).toBe(true);
  expect(updateLossLimitInputSchema.safeParse({ weeklyLossLimit: 1 }).success).toBe(true);
  for (const weeklyLossLimit of [0, 2.5, '5', undefined]) {
    expect(updateLossLimitInputSchema.safeParse({ weeklyLossLimit }).success).toBe(false);
  }
});

test('breaks: 24 hours, 7 days, 30 days from now; in progress only before their end', () => {
  const now = new Date('2026-11-24T00:00:00Z');
  expect(breakEnd('24h', now)).toBe('2026-11-25T00:00:00.000Z');
  expect(breakEnd('7d', now)).toBe('2026-12-01T00:00:00.000Z');
  expect(breakEnd('30d', now)).toBe('2026-12-24T00:00:00.000Z');
  expect(isOnBreak('2026-11-25T00:00:00.000Z', now)).toBe(true);
  expect(isOnBreak('2026-11-24T00:00:00.000Z', now)).toBe(false);
  expect(isOnBreak(null, now)).toBe(false);
});
