import { LinkifyIt } from 'linkify-it';

/*
 * What a mail client could turn into a link, judged two ways: linkify-it (markdown-it's linker, with
 * bare domains, emails and IPs on and the test TLDs added) and a cruder net that takes any two words
 * joined by a dot (or a look-alike full stop) for a host name, as the most eager clients do.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds(
  ['example', 'test', 'invalid', 'localhost'],
  true,
);
const EAGER_HOST = /[\p{L}\p{N}_-][.\u3002\uFF0E\uFF61][\p{L}\p{N}]/u;
/** Schemes clients link without '//'. */
const BARE_SCHEME =
  /(?<![\p{L}\p{N}])(?:mailto|tel|sms|callto|facetime|javascript|data|file|https?|ftp):\S/iu;

/** Every link text holds, per linkify-it. */
export function linkableIn(text: string): string[] {
  return (linkify.match(text) ?? []).map((match) => match.url);
}

/** True when some client could make a link of this text: a scheme, a linkify-it match or a dotted host. */
export function isLinkable(text: string): boolean {
  return (
    text.includes('://') || BARE_SCHEME.test(text) || linkableIn(text).length > 0 || EAGER_HOST.test(text)
  );
}
