import { expect, test } from 'vitest';
import { addCommentInputSchema, assignRanks, commentAuthorLabel } from './feed.ts';

test('ties share a rank and the next rank skips', () => {
  const ranked = assignRanks([{ wins: 5 }, { wins: 5 }, { wins: 3 }, { wins: 2 }, { wins: 2 }, { wins: 1 }]);
  expect(ranked.map((r) => r.rank)).toEqual([1, 1, 3, 4, 4, 6]);
});

test('no ties: ranks are positions', () => {
  expect(assignRanks([{ wins: 3 }, { wins: 2 }, { wins: 1 }]).map((r) => r.rank)).toEqual([1, 2, 3]);
  expect(assignRanks([])).toEqual([]);
});

test('everyone tied shares first place', () => {
  expect(assignRanks([{ wins: 1 }, { wins: 1 }, { wins: 1 }]).map((r) => r.rank)).toEqual([1, 1, 1]);
});

test('comment author label: name, else username, else Anonymous', () => {
  expect(commentAuthorLabel({ name: 'Ada', username: 'ada' })).toBe('Ada');
  expect(commentAuthorLabel({ name: '  ', username: 'ada' })).toBe('ada');
  expect(commentAuthorLabel({ name: null, username: null })).toBe('Anonymous');
});

test('comments are trimmed, 1 to 500 characters', () => {
  expect(addCommentInputSchema.parse({ text: '  nice  ' })).toEqual({ text: 'nice' });
  expect(addCommentInputSchema.safeParse({ text: '   ' }).success).toBe(false);
  expect(addCommentInputSchema.safeParse({ text: 'x'.repeat(500) }).success).toBe(true);
  expect(addCommentInputSchema.safeParse({ text: 'x'.repeat(501) }).success).toBe(false);
});
