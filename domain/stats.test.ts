import { expect, test } from 'vitest';
import { aggregateResults, deriveStats, formatNet, formatWinRate, signedStreak, streakText, winRateTone } from './stats.ts';

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
  expect(signedStreak(stats.streak)).toBe('+3');
  expect(streakText(stats.streak)).toBe('3 win streak');
});

test('a losing streak is negative on the profile and "No streak" in the dialog', () => {
  const stats = deriveStats(aggregateResults([L(), L(), W(), W()], 0));
  expect(stats.streak).toBe(-2);
  expect(signedStreak(stats.streak)).toBe('-2');
  expect(streakText(stats.streak)).toBe('No streak');
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
});

test('win-rate colours: 75 and above good, 50 and above fair, else poor', () => {
  expect(winRateTone(75)).toBe('good');
  expect(winRateTone(74.9)).toBe('fair');
  expect(winRateTone(50)).toBe('fair');
  expect(winRateTone(49.9)).toBe('poor');
});
