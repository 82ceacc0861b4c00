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
