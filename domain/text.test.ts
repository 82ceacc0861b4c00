import fc from 'fast-check';
import { expect, test } from 'vitest';
import { acceptBetInputSchema, checkPlaceBet, createBetInputSchema, disputeBetInputSchema } from './bets.ts';
import { createChallengeInputSchema } from './challenges.ts';
import { addCommentInputSchema } from './feed.ts';
import {
  isPartialPhoneTerm,
  phoneSearchDigits,
  searchQuerySchema,
  sendFriendRequestInputSchema,
} from './friends.ts';
import { checkEditProfile, updateProfileInputSchema } from './profiles.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';
import { checkLogin, checkSignUp, loginFormSchema, signUpInputSchema, userIdSchema } from './users.ts';

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

test('ordinary text of any script passes, emoji sequences with their joiners and selectors included', () => {
  for (const text of [
    'Lakers win tonight',
    'Zoë & Łukasz',
    'مرحبا',
    '日本語',
    '한국어',
    '👩‍👩‍👧 wins',
    "Ben's bet: $5 (maybe)",
    '❤️ gg',
    '🏳️‍🌈',
    '👨🏽‍💻 codes',
    '🏃‍♀️',
    '1️⃣ first',
    '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland',
    'Zo\u00EB',
    'a\u00A0b',
  ]) {
    expect(hasForbiddenCharacters(text), text).toBe(false);
  }
});

test("every text field uses the rule: blank-once-invisible takes the field's own message, garbage the shared one", () => {
  const bet = { description: '\u200B\u200B', opponentId: 'u2', amount: 5 };
  expect(checkPlaceBet(bet)).toMatchObject({ field: 'description', title: 'Missing Bet Description' });
  expect(checkPlaceBet({ ...bet, description: 'Lakers\u202E win' })).toEqual({
    field: 'description',
    title: 'Invalid Characters',
    message: 'Bet description contains invisible or control characters. Please type it again.',
  });

  const comment = addCommentInputSchema.safeParse({ text: '\u2060\uFEFF' });
  expect(comment.error?.issues[0]?.message).toBe('Please write a comment first.');
  expect(addCommentInputSchema.safeParse({ text: 'gg\u0000' }).error?.issues[0]?.message).toBe(
    textMessages.invalidCharacters('Comment').message,
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

// ---------------------------------------------------------------- hidden characters and NFC (ADR 050)

/** The code points the rule must refuse wherever they stand in a word. */
const namedHidden = [
  0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0x200e, 0x200f, 0x061c, 0x3164, 0x034f, 0x2028, 0x2029,
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x115f, 0x1160, 0xffa0, 0x2800,
  0x180e, 0xfe0f, 0xe0041, 0xe007f, 0x2061, 0x17b4,
];

/** Every Default_Ignorable_Code_Point, from the engine's own Unicode tables. */
const defaultIgnorable: number[] = [];
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if ((cp < 0xd800 || cp > 0xdfff) && /\p{Default_Ignorable_Code_Point}/u.test(String.fromCodePoint(cp)))
    defaultIgnorable.push(cp);
}

test.each(namedHidden.map((cp) => [cp.toString(16).toUpperCase().padStart(4, '0'), cp]))(
  "U+%s inside 'admin' is refused",
  (_label, cp) => {
    expect(hasForbiddenCharacters(`ad${String.fromCodePoint(cp)}min`)).toBe(true);
  },
);

test('the Default_Ignorable set is the whole Unicode set (over 4,000 code points), not a hand-made list', () => {
  expect(defaultIgnorable.length).toBeGreaterThan(4000);
  for (const cp of [0x00ad, 0x034f, 0x061c, 0x115f, 0x200b, 0x2060, 0x3164, 0xfeff, 0xffa0, 0xe0001])
    expect(defaultIgnorable).toContain(cp);
});

/** Any text without a pictograph or keycap base, so no hidden character can be part of an emoji sequence. */
const plainText = fc
  .string({ unit: 'grapheme', maxLength: 30 })
  .map((text) => text.replace(/[\p{Extended_Pictographic}#*0-9\u{1F3F4}]/gu, 'x'));

test('property: any string with any default-ignorable code point inserted anywhere is refused', () => {
  fc.assert(
    fc.property(plainText, fc.nat(), fc.constantFrom(...defaultIgnorable), (text, at, cp) => {
      fc.pre(!hasForbiddenCharacters(text));
      const chars = Array.from(text);
      const i = at % (chars.length + 1);
      return hasForbiddenCharacters(
        [...chars.slice(0, i), String.fromCodePoint(cp), ...chars.slice(i)].join(''),
      );
    }),
    { numRuns: 2000 },
  );
});

test('property: outside emoji sequences, every named hidden character is refused, in any text', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.nat(),
      fc.constantFrom(...namedHidden),
      (text, at, cp) => {
        fc.pre(!hasForbiddenCharacters(text));
        const chars = Array.from(text);
        const i = at % (chars.length + 1);
        // Letters around the insertion, so it cannot complete a pictograph's joiner or selector.
        const mixed = [...chars.slice(0, i), 'a', String.fromCodePoint(cp), 'b', ...chars.slice(i)].join('');
        return hasForbiddenCharacters(mixed);
      },
    ),
    { numRuns: 2000 },
  );
});

test('a joiner, selector or tag outside its emoji sequence is refused', () => {
  for (const text of [
    'a\u200D👍',
    '👍\u200Da',
    'ab\uFE0F',
    '1\uFE0F',
    '\u{E0067}\u{E007F}',
    'x\u{E0067}\u{E007F}',
    '👍\u200D',
  ])
    expect(hasForbiddenCharacters(text), JSON.stringify(text)).toBe(true);
});

test('property: NFC normalisation is idempotent and never makes text the rule refuses', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
      const once = normalizeText(text);
      return normalizeText(once) === once && (hasForbiddenCharacters(text) || !hasForbiddenCharacters(once));
    }),
    { numRuns: 1000 },
  );
}, 20_000);

test('decomposed text is stored composed: two spellings of one look are one value', () => {
  expect(normalizeText(' Zoe\u0308 ')).toBe('Zo\u00EB');
  expect(normalizeText('Zo\u00EB')).toBe('Zo\u00EB');
  const profile = { name: 'Zoe\u0308', username: 'zoe_l', phone: '5551234567', venmoHandle: 'zoe' };
  expect(updateProfileInputSchema.parse(profile).name).toBe('Zo\u00EB');
  expect(
    createBetInputSchema.parse({ description: 'Cafe\u0301 run', opponentId: 'u2', amount: 5 }).description,
  ).toBe('Caf\u00E9 run');
  expect(addCommentInputSchema.parse({ text: 'cafe\u0301' }).text).toBe('caf\u00E9');
});

test('every user-text schema refuses a hidden character naming its field', () => {
  const refusal = (label: string) =>
    `${label} contains invisible or control characters. Please type it again.`;
  const profile = { name: 'ad\u200Dmin', username: 'ada_l', phone: '5551234567', venmoHandle: 'ada' };
  const issue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
    const first = result.error?.issues[0];
    return first && { path: first.path.join('.'), message: first.message };
  };
  expect(issue(updateProfileInputSchema.safeParse(profile))).toEqual({
    path: 'name',
    message: refusal('Name'),
  });
  const signUp = {
    ...profile,
    name: 'Ada',
    email: 'ada@example.com',
    password: 'secret-ok',
    ageConfirmed: true,
  };
  expect(issue(signUpInputSchema.safeParse({ ...signUp, name: 'Ad\u00ADa' }))).toEqual({
    path: 'name',
    message: refusal('Name'),
  });
  expect(issue(signUpInputSchema.safeParse({ ...signUp, username: 'ada\u200B' }))).toEqual({
    path: 'username',
    message: refusal('Username'),
  });
  expect(
    issue(createBetInputSchema.safeParse({ description: 'Lakers\u2060win', opponentId: 'u2', amount: 5 })),
  ).toEqual({
    path: 'description',
    message: refusal('Bet description'),
  });
  expect(issue(createChallengeInputSchema.safeParse({ description: 'Lakers\u3164win', amount: 5 }))).toEqual({
    path: 'description',
    message: refusal('Bet description'),
  });
  expect(issue(acceptBetInputSchema.safeParse({ prediction: 'I\u200Ewin' }))).toEqual({
    path: 'prediction',
    message: refusal('Prediction'),
  });
  expect(issue(disputeBetInputSchema.safeParse({ reason: 'no\u2028way' }))).toEqual({
    path: 'reason',
    message: refusal('Reason'),
  });
  expect(issue(addCommentInputSchema.safeParse({ text: 'g\uFEFFg' }))).toEqual({
    path: 'text',
    message: refusal('Comment'),
  });
  expect(issue(loginFormSchema.safeParse({ identifier: 'ad\u034Fmin', password: 'x' }))).toEqual({
    path: 'identifier',
    message: refusal('Username or email'),
  });
});
