import { expect, test } from 'vitest';
import { decodeCursor, encodeCursor, pageQuerySchema } from './pagination.ts';

test('a cursor round-trips and is URL-safe', () => {
  const cursor = { createdAt: '2026-11-22T12:00:00.123Z', id: 'a1b2c3d4-0000-4000-8000-000000000000' };
  const encoded = encodeCursor(cursor);
  expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(decodeCursor(encoded)).toEqual(cursor);
});

test('garbage cursors are refused, not trusted', () => {
  expect(decodeCursor('not-base64!')).toBeNull();
  expect(decodeCursor(btoa('{"a":1}'))).toBeNull();
  expect(decodeCursor(btoa('["yesterday","x"]'))).toBeNull();
  expect(pageQuerySchema.safeParse({ cursor: 'zzz' }).success).toBe(false);
  expect(pageQuerySchema.parse({})).toEqual({ cursor: undefined });
});

test('a cursor must name a UUID and a time after 1970', () => {
  const at = '2026-11-22T12:00:00.123Z';
  expect(decodeCursor(encodeCursor({ createdAt: at, id: 'not-a-uuid' }))).toBeNull();
  expect(
    decodeCursor(encodeCursor({ createdAt: at, id: 'a1b2c3d4-0000-4000-8000-00000000000\u0000' })),
  ).toBeNull();
  expect(
    decodeCursor(
      encodeCursor({ createdAt: '0000-01-01T00:00:00Z', id: 'a1b2c3d4-0000-4000-8000-000000000000' }),
    ),
  ).toBeNull();
  expect(
    pageQuerySchema.safeParse({ cursor: encodeCursor({ createdAt: at, id: 'x' }) }).error?.issues[0]?.message,
  ).toBe('This list link is out of date. Please reload the page.');
});
