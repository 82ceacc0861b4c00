import { expect, test } from 'vitest';
import { formatNet } from './money.ts';
import {
  aggregateResults,
  deriveStats,
  formatWinRate,
  payerRecordText,
  streakText,
  unpaidText,
  winRateTone,
} from './stats.ts';

const W = (amount = 10) => ({ won: true, amount });
const L = (amount = 10) => ({ won: false, amount });

test('no completed bets: everything reads zero', () => {
  expect(deriveStats(aggregateResults([], 0))).toEqual({
    wins: 0,
    losses: 0,
    totalBets: 0,
    winRate: 0,
    streak: 0,
    netWinnings: 0,
    friendsCount: 0,
  });
  expect(streakText(0)).toBe('No streak');
});

test('a winning streak counts wins from the latest bet back to the first loss', () => {
  const stats = deriveStats(aggregateResults([W(), W(), W(), L(), W()], 2));
  expect(stats.streak).toBe(3);
  expect(streakText(stats.streak)).toBe('3 win streak');
});

test("a losing streak counts losses from the latest bet back to the first win and reads 'N loss streak' (ADR 052)", () => {
  const stats = deriveStats(aggregateResults([L(), L(), W(), W()], 0));
  expect(stats.streak).toBe(-2);
  expect(streakText(stats.streak)).toBe('2 loss streak');
  expect(streakText(deriveStats(aggregateResults([L(), W()], 0)).streak)).toBe('1 loss streak');
  expect(streakText(deriveStats(aggregateResults([W(), L(), L()], 0)).streak)).toBe('1 win streak');
});

test('win rate is rounded to one decimal', () => {
  expect(deriveStats(aggregateResults([W(), L(), L()], 0)).winRate).toBe(33.3);
  expect(deriveStats(aggregateResults([W(), W(), L()], 0)).winRate).toBe(66.7);
  expect(deriveStats(aggregateResults([W()], 0)).winRate).toBe(100);
  expect(formatWinRate(66.7)).toBe('66.7%');
  expect(formatWinRate(0)).toBe('0.0%');
});

test('net winnings are amounts won minus amounts lost', () => {
  const stats = deriveStats(aggregateResults([W(20), L(5), W(1), L(15)], 0));
  expect(stats.netWinnings).toBe(1);
  expect(formatNet(25)).toBe('+$25.00');
  expect(formatNet(-5)).toBe('-$5.00');
  expect(formatNet(0)).toBe('$0.00');
  expect(formatNet(-1200)).toBe('-$1,200.00');
});

test('win-rate colours: 75 and above good, 50 and above fair, else poor', () => {
  expect(winRateTone(75)).toBe('good');
  expect(winRateTone(74.9)).toBe('fair');
  expect(winRateTone(50)).toBe('fair');
  expect(winRateTone(49.9)).toBe('poor');
});

test('payer record texts: rounded percent, hidden without a record, unpaid only when owing', () => {
  expect(payerRecordText({ onTime: 12, total: 13, unpaid: 40 })).toBe('Pays within 3 days: 12 of 13 (92%)');
  expect(payerRecordText({ onTime: 0, total: 0, unpaid: 0 })).toBeNull();
  expect(unpaidText({ onTime: 12, total: 13, unpaid: 40 })).toBe('Unpaid: $40');
  expect(unpaidText({ onTime: 12, total: 13, unpaid: 0 })).toBeNull();
});
