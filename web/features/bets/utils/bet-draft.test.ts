import { expect, test } from 'vitest';
import { EMPTY_BET_DRAFT, betDraftKey, isEmptyBetDraft, parseBetDraft, type BetDraft } from './bet-draft.ts';

const draft: BetDraft = {
  description: 'Lakers win tonight',
  friendId: 'friend-1',
  amount: { amount: 25, isCustom: true },
  resolveBy: '2030-01-31',
  mode: 'friend',
};

test('a saved bet draft reads back as it was written', () => {
  expect(parseBetDraft(JSON.stringify(draft))).toEqual(draft);
});

test('a missing or unreadable bet draft gives the empty form', () => {
  expect(parseBetDraft(null)).toEqual(EMPTY_BET_DRAFT);
  expect(parseBetDraft('{not json')).toEqual(EMPTY_BET_DRAFT);
  expect(parseBetDraft('"text"')).toEqual(EMPTY_BET_DRAFT);
  expect(parseBetDraft('null')).toEqual(EMPTY_BET_DRAFT);
});

test('bad fields of a bet draft are dropped one by one', () => {
  const raw = JSON.stringify({
    description: 7,
    friendId: '',
    amount: { amount: 2.5, isCustom: true },
    mode: 'x',
  });
  expect(parseBetDraft(raw)).toEqual(EMPTY_BET_DRAFT);
  expect(parseBetDraft(JSON.stringify({ ...draft, amount: { amount: 5 } }))).toEqual({
    ...draft,
    amount: null,
  });
});

test('bet drafts are kept per user', () => {
  expect(betDraftKey('a')).not.toBe(betDraftKey('b'));
});

test('only an untouched form counts as an empty bet draft', () => {
  expect(isEmptyBetDraft(EMPTY_BET_DRAFT)).toBe(true);
  expect(isEmptyBetDraft({ ...EMPTY_BET_DRAFT, mode: 'link' })).toBe(false);
  expect(isEmptyBetDraft({ ...EMPTY_BET_DRAFT, description: ' ' })).toBe(false);
});
