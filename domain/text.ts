/**
 * The one rule for free text typed by a person (names, usernames, bet
 * descriptions, predictions, reasons, comments, handles, phone numbers,
 * search terms, emails, and the pots and groups still to come): it is stored
 * NFC-normalised and trimmed (`normalizeText`), and refused when it holds a
 * character that renders nothing or rewrites how the rest reads
 * (`hasForbiddenCharacters`), so that "ad\u200Dmin" can never pass for
 * "admin" (ADR 050). Every form field is a single line, so no control
 * character is allowed; a field that someday takes several lines passes
 * `multiline` and keeps line breaks only.
 */

/**
 * Characters that render nothing: whitespace, every format character (Cf:
 * zero-width space/joiners, word joiner, BOM, soft hyphen, bidi marks, tags),
 * the combining grapheme joiner, variation selectors, and the Hangul and
 * Braille fillers that display as blanks. `isBlank` strips them.
 */
const INVISIBLE = /[\s\p{Cf}\p{Variation_Selector}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5/gu;

/**
 * Characters no user text may hold (ADR 050): every Default_Ignorable_Code_Point (zero-width space,
 * joiners, word joiner, BOM, soft hyphen, LRM/RLM/ALM, bidi embeddings, overrides and isolates,
 * combining grapheme joiner, variation selectors, Hangul fillers, tags…), every other format
 * character (Cf), the line and paragraph separators and the Braille blank, which displays as a space
 * yet is no space.
 */
const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2028\u2029\u2800]/u;

/*
 * The three places an emoji needs a hidden character, taken out before HIDDEN is tested so that
 * '👩‍👩‍👧', '❤️' and '🏴󠁧󠁢󠁳󠁣󠁴󠁿' stay writable: a zero-width joiner between two pictographs (after an
 * optional skin tone or emoji presentation selector), a text/emoji presentation selector after a
 * pictograph or in a keycap, and the tag run of a subdivision flag. Anywhere else they are refused.
 * The base is captured and put back rather than matched by lookbehind, which Safari before 16.4 cannot
 * parse (a syntax error there would break every form that loads this module).
 */
const EMOJI_JOINER =
  /(\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_PRESENTATION = /(\p{Extended_Pictographic})[\uFE0E\uFE0F]|([#*0-9])\uFE0F(?=\u20E3)/gu;
const FLAG_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/** C0 and C1 controls and DEL (NUL included); line breaks are handled separately. */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's job.
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const LINE_BREAK = /[\n\r]/u;

/** Half of a UTF-16 surrogate pair on its own: not a character, and no database can store it faithfully. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export type TextOptions = { multiline?: boolean };

export const textMessages = {
  /**
   * The refusal of hidden or control characters, naming the field (`label` as a sentence starts,
   * e.g. 'Name'): the characters cannot be seen, so the advice is to type the text again.
   */
  invalidCharacters: (label: string) => ({
    title: 'Invalid Characters',
    message: `${label} contains invisible or control characters. Please type it again.`,
  }),
} as const;

/** True when nothing visible is left once whitespace and invisible characters are removed. */
export function isBlank(value: string | undefined | null): boolean {
  return value === undefined || value === null || value.replace(INVISIBLE, '') === '';
}

/**
 * True when the text holds a hidden character (see HIDDEN, outside an emoji sequence), a control
 * character, a line break in a single-line field or a lone surrogate.
 */
export function hasForbiddenCharacters(value: string, options: TextOptions = {}): boolean {
  return (
    CONTROL.test(value) ||
    (!options.multiline && LINE_BREAK.test(value)) ||
    LONE_SURROGATE.test(value) ||
    HIDDEN.test(
      value.replace(EMOJI_JOINER, '$1').replace(EMOJI_PRESENTATION, '$1$2').replace(FLAG_TAGS, '\u{1F3F4}'),
    )
  );
}

/**
 * The stored form of user text: NFC (one code point sequence per look, so equal-looking names compare
 * equal) and trimmed. Idempotent; never adds a character `hasForbiddenCharacters` refuses.
 */
export function normalizeText(value: string): string {
  return value.normalize('NFC').trim();
}
