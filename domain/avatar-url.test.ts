import { expect, test } from 'vitest';
import { isOwnAvatarUrl } from './avatar-url.ts';

test('our own versioned avatar URLs are accepted', () => {
  expect(isOwnAvatarUrl('/api/avatars/Ab3_x-9.webp?v=m0k2x1')).toBe(true);
});

test.each([
  ['none', null],
  ['an empty string', ''],
  ['a verification link', '/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2F'],
  ['an absolute URL to our avatar path', 'https://evil.example/api/avatars/a.webp?v=1'],
  ['a protocol-relative URL', '//evil.example/api/avatars/a.webp?v=1'],
  ['a path that climbs out', '/api/avatars/../auth/sign-out.webp?v=1'],
  ['an extra query parameter', '/api/avatars/a.webp?v=1&callbackURL=/'],
  ['a javascript URL', 'javascript:alert(1)'],
  ['a data URL', 'data:image/svg+xml,<svg/>'],
])('%s is not rendered as an avatar', (_name, url) => {
  expect(isOwnAvatarUrl(url)).toBe(false);
});
