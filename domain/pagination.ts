import { z } from 'zod';

/** Keyset cursors over (created_at, id), newest first: stable while new rows arrive. */
export type Cursor = { createdAt: string; id: string };

/** Rows are newer than 1970 and ids are UUIDs: anything else came from no page of ours. */
const cursorSchema = z.object({
  createdAt: z.iso.datetime({ offset: true }).refine((value) => Date.parse(value) >= 0),
  id: z.uuid(),
});

export const INVALID_CURSOR_MESSAGE = 'This list link is out of date. Please reload the page.';

/** A cursor's URL-safe text: base64url of Latin-1 text, without padding. */
export function toBase64Url(text: string): string {
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The text {@link toBase64Url} made; throws on text that is not base64. */
export function fromBase64Url(value: string): string {
  return atob(value.replaceAll('-', '+').replaceAll('_', '/'));
}

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify([cursor.createdAt, cursor.id]));
}

export function decodeCursor(value: string): Cursor | null {
  try {
    const json: unknown = JSON.parse(fromBase64Url(value));
    const pair = z.tuple([z.unknown(), z.unknown()]).safeParse(json);
    if (!pair.success) return null;
    const parsed = cursorSchema.safeParse({ createdAt: pair.data[0], id: pair.data[1] });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A list's `?cursor=` query, decoded by `decode`: absent or empty is the first page, and a cursor that
 * `decode` refuses (it came from no page of ours) is a 422 with one message.
 */
export function cursorQuerySchema<T>(decode: (value: string) => T | null) {
  return z.object({
    cursor: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return undefined;
        const cursor = decode(value);
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: INVALID_CURSOR_MESSAGE });
          return z.NEVER;
        }
        return cursor;
      }),
  });
}

export const pageQuerySchema = cursorQuerySchema(decodeCursor);

export type Page<T> = { items: T[]; nextCursor: string | null };

/** The contract of one keyset page of `item`s. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
