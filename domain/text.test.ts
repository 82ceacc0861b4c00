import { expect, test } from 'vitest';
import { checkPlaceBet } from './bets.ts';
import { addCommentInputSchema } from './feed.ts';
import {
  isPartialPhoneTerm,
  phoneSearchDigits,
  searchQuerySchema,
  sendFriendRequestInputSchema,
} from './friends.ts';
import { checkEditProfile } from './profiles.ts';
import { hasForbiddenCharacters, isBlank, textMessages } from './text.ts';
import { checkLogin, checkSignUp, userIdSchema } from './users.ts';

const invisibleOnly = [
  '\u200B',
  '\u200C\u200D',
  '\u2060',
  '\uFEFF',
  ' \u00AD ',
  '\u3164',
  '\u2800',
  '\u180E',
  '\uFE0F',
  '\u034F',
  '\u200E\u200F',
];

test.each(invisibleOnly.map((text) => [JSON.stringify(text), text]))('%s counts as blank', (_label, text) => {
  expect(isBlank(text)).toBe(true);
});

test('visible text is not blank, emoji with joiners included', () => {
  for (const text of ['a', ' x ', '👩‍👩‍👧', '0', '\u200Bhi']) expect(isBlank(text)).toBe(false);
});

test('NUL, other C0 and C1 controls, DEL, bidi overrides and isolates, lone surrogates are forbidden', () => {
  const forbidden = [
    'a\u0000b',
    '\u0007',
    'tab\there',
    '\u001b[31m',
    '\u007F',
    '\u0085',
    '\u009B',
    '\u202Aab',
    '\u202E',
    '\u2066x\u2069',
    '\u2068',
    '\uD800',
    'x\uDC00',
  ];
  for (const text of forbidden) expect(hasForbiddenCharacters(text), JSON.stringify(text)).toBe(true);
});

test('line breaks are forbidden unless a field takes several lines', () => {
  expect(hasForbiddenCharacters('one\ntwo')).toBe(true);
  expect(hasForbiddenCharacters('one\r\ntwo')).toBe(true);
  expect(hasForbiddenCharacters('one\r\ntwo', { multiline: true })).toBe(false);
  expect(hasForbiddenCharacters('one\u0000two', { multiline: true })).toBe(true);
});

test('ordinary text of any script passes', () => {
  for (const text of [
    'Lakers win tonight',
    'Zoë & Łukasz',
    'مرحبا',
    '日本語',
    '👩‍👩‍👧 wins',
    "Ben's bet: $5 (maybe)",
    '\u200E',
  ]) {
    expect(hasForbiddenCharacters(text), text).toBe(false);
  }
});

test("every text field uses the rule: blank-once-invisible takes the field's own message, garbage the shared one", () => {
  const bet = { description: '\u200B\u200B', opponentId: 'u2', amount: 5 };
  expect(checkPlaceBet(bet)).toMatchObject({ field: 'description', title: 'Missing Bet Description' });
  expect(checkPlaceBet({ ...bet, description: 'Lakers\u202E win' })).toEqual({
    field: 'description',
    ...textMessages.invalidCharacters,
  });

  const comment = addCommentInputSchema.safeParse({ text: '\u2060\uFEFF' });
  expect(comment.error?.issues[0]?.message).toBe('Please write a comment first.');
  expect(addCommentInputSchema.safeParse({ text: 'gg\u0000' }).error?.issues[0]?.message).toBe(
    textMessages.invalidCharacters.message,
  );
  expect(addCommentInputSchema.parse({ text: '  gg  ' })).toEqual({ text: 'gg' });

  expect(searchQuerySchema.safeParse({ q: '\u200B' }).error?.issues[0]?.message).toBe(
    'Please enter a username or phone number.',
  );
  expect(searchQuerySchema.safeParse({ q: 'ab\u0000' }).success).toBe(false);

  const profile = { name: 'Ada', username: 'ada_l', phone: '5551234567', venmoHandle: 'ada' };
  expect(checkEditProfile({ ...profile, name: '\u200B' })).toMatchObject({
    field: 'name',
    title: 'Missing Information',
  });
  expect(checkEditProfile({ ...profile, name: 'Ada\u0000' })).toMatchObject({
    field: 'name',
    title: 'Invalid Characters',
  });
  expect(checkEditProfile({ ...profile, phone: '555123456\u00007' })).toMatchObject({
    field: 'phone',
    title: 'Invalid Characters',
  });

  const signUp = { ...profile, email: 'ada@example.com', password: 'secret\u0000ok', ageConfirmed: true };
  expect(checkSignUp(signUp)).toBeNull();
  expect(checkSignUp({ ...signUp, name: '\u3164' })).toMatchObject({
    field: 'name',
    title: 'Missing Information',
  });
  expect(checkSignUp({ ...signUp, name: '\u202EAda' })).toMatchObject({
    field: 'name',
    title: 'Invalid Characters',
  });
  expect(checkLogin({ identifier: 'ada\u0000', password: 'x' })).toMatchObject({
    field: 'identifier',
    title: 'Invalid Characters',
  });
});

test('user ids are letters, digits, underscores and hyphens; a bet needs such an opponent id', () => {
  expect(userIdSchema.safeParse('hZ3kq9VbW2xYp0aLmN4sT7uQ1rE6yC8d').success).toBe(true);
  for (const id of ['', 'a\u0000', '../x', 'a b', 'x'.repeat(65)])
    expect(userIdSchema.safeParse(id).success, id).toBe(false);
  expect(sendFriendRequestInputSchema.safeParse({ userId: 'x\u0000' }).success).toBe(false);
  expect(checkPlaceBet({ description: 'ok', opponentId: 'u2\u0000', amount: 5 })).toMatchObject({
    field: 'opponentId',
  });
});

test('phone search needs the complete number', () => {
  expect(phoneSearchDigits('(415) 555-0199')).toBe('4155550199');
  expect(phoneSearchDigits('+1 415 555 0199')).toBe('4155550199');
  expect(phoneSearchDigits('415555019')).toBeNull();
  expect(phoneSearchDigits('24155550199')).toBeNull();
  expect(phoneSearchDigits('ada4155550199')).toBeNull();
  expect(isPartialPhoneTerm('555-01')).toBe(true);
  expect(isPartialPhoneTerm('4155550199')).toBe(false);
  expect(isPartialPhoneTerm('ada')).toBe(false);
});
