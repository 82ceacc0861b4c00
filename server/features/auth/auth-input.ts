import { hasForbiddenCharacters } from '#domain/text.ts';
import { accountFieldLabels } from '#domain/account-rules.ts';

/** Only hashed, never stored or looked up: any character may be part of a password. */
const PASSWORD_KEYS = new Set(['password', 'newPassword', 'currentPassword']);

/**
 * The first field of an auth request (body or query) whose text holds a
 * hidden or control character, a bidi override or a lone surrogate (the
 * text rule, ADR 050), or undefined.
 * better-auth would pass such text to its queries, and PostgreSQL answers a
 * NUL byte with an error (a 500) instead of "no such row".
 */
export function findGarbledAuthField(input: unknown, depth = 0): string | undefined {
  if (typeof input !== 'object' || input === null || depth > 3) return undefined;
  for (const [key, value] of Object.entries(input)) {
    if (PASSWORD_KEYS.has(key)) continue;
    if (
      typeof value === 'string'
        ? hasForbiddenCharacters(value)
        : findGarbledAuthField(value, depth + 1) !== undefined
    ) {
      return key;
    }
  }
  return undefined;
}

/** How a refusal names an auth field: the account's own label, or a neutral one for a token or URL. */
export function authFieldLabel(key: string): string {
  const labels: Record<string, string> = accountFieldLabels;
  return labels[key] ?? 'This field';
}
