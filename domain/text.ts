/**
 * The one rule for free text typed by a person (names, usernames, bet
 * descriptions, comments, handles, phone numbers, search terms, emails).
 * Every form field is a single line, so no control character is allowed;
 * a field that someday takes several lines passes `multiline` and keeps
 * line breaks only.
 */

/**
 * Characters that render nothing: whitespace, every format character (Cf:
 * zero-width space/joiners, word joiner, BOM, soft hyphen, bidi marks, tags),
 * the combining grapheme joiner, variation selectors, and the Hangul and
 * Braille fillers that display as blanks.
 */
const INVISIBLE = /[\s\p{Cf}\p{Variation_Selector}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5/gu;

/** Bidi embeddings, overrides and isolates: they can make text read differently from what it says. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/** C0 and C1 controls and DEL (NUL included); line breaks are handled separately. */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's job.
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const LINE_BREAK = /[\n\r]/u;

/** Half of a UTF-16 surrogate pair on its own: not a character, and no database can store it faithfully. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export type TextOptions = { multiline?: boolean };

export const textMessages = {
  invalidCharacters: {
    title: 'Invalid Characters',
    message: 'Please remove hidden control or formatting characters.',
  },
} as const;

/** True when nothing visible is left once whitespace and invisible characters are removed. */
export function isBlank(value: string | undefined | null): boolean {
  return value === undefined || value === null || value.replace(INVISIBLE, '') === '';
}

/** True when the text holds a control character, a bidi override/isolate or a lone surrogate. */
export function hasForbiddenCharacters(value: string, options: TextOptions = {}): boolean {
  return (
    CONTROL.test(value) ||
    (!options.multiline && LINE_BREAK.test(value)) ||
    BIDI_CONTROL.test(value) ||
    LONE_SURROGATE.test(value)
  );
}
