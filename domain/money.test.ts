import { expect, test } from 'vitest';
import { formatDollars, formatNet } from './money.ts';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const amounts = [
  0, 1, 5, 15, 99, 100, 999, 1000, 1200, 9999, 10_000, 12_345, 100_000, 999_999, 1_000_000, 123_456_789,
];

test('formatDollars writes whole dollars as Intl en-US currency does', () => {
  for (const amount of [
    ...amounts,
    ...amounts.filter((a) => a > 0).map((a) => -a),
    2.5,
    1234.4,
    1234.5,
    -2.5,
  ])
    expect(formatDollars(amount), String(amount)).toBe(dollars.format(amount));
  expect(formatDollars(1200)).toBe('$1,200');
});

test('formatNet writes a signed amount with cents as the stats show it', () => {
  for (const net of [...amounts, 0.5, 1234.25, 10.1])
    for (const value of net === 0 ? [0] : [net, -net]) {
      const amount = dollarsAndCents.format(Math.abs(value));
      expect(formatNet(value), String(value)).toBe(
        value > 0 ? `+${amount}` : value < 0 ? `-${amount}` : amount,
      );
    }
  expect(formatNet(-1200)).toBe('-$1,200.00');
  expect(formatNet(0)).toBe('$0.00');
});
