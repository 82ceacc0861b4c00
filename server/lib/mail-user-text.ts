/**
 * User-chosen text (a name, a bet description) as it may appear in our mail: inert in both the plain
 * text and the HTML part (ADR 050). Mail clients turn URLs, bare domains and email addresses into links
 * in either part, whatever markup surrounds them, so escaping alone is not enough: the text is
 * "defanged" the way security reports quote hostile addresses. A scheme's colon becomes '[:]' ('http[:]//',
 * 'mailto[:]…': any colon after a letter and before a non-space, and any colon before '//'), and a
 * dot that joins two parts of a domain-like word becomes '[.]' ('evil.example' → 'evil[.]example',
 * 'ada@evil.example' → 'ada@evil[.]example', '1.2.3.4' → '1[.]2[.]3[.]4'), while ordinary prose keeps
 * its dots ('vs. Celtics', 'wins 3.5 to 2', 'the end.'). The look-alike full stops ('。', '．', '｡') that
 * IDNA reads as dots are treated as dots. The HTML part escapes the result as it escapes every text.
 */
const SCHEME_COLON = /(?<=\p{L}):(?=\S)|:(?=\/\/)/gu;
const DOT = '[.\u3002\uFF0E\uFF61]';
/** A dot with a letter or digit before it and a letter after it: a host name, never a sentence's end. */
const DOMAIN_DOT = new RegExp(`(?<=[\\p{L}\\p{N}_-])${DOT}(?=\\p{L})`, 'gu');
/** Dotted quads (an IPv4 address): digits on both sides, so DOMAIN_DOT leaves them. */
const DOTTED_QUAD = new RegExp(`\\d{1,3}(?:${DOT}\\d{1,3}){3}`, 'gu');
const ANY_DOT = new RegExp(DOT, 'gu');

export function inertUserText(value: string): string {
  return value
    .replace(SCHEME_COLON, '[:]')
    .replace(DOTTED_QUAD, (quad) => quad.replace(ANY_DOT, (dot) => `[${dot}]`))
    .replace(DOMAIN_DOT, (dot) => `[${dot}]`);
}
