/**
 * The only avatar URLs we render: our own `/api/avatars/<user id>.webp?v=<version>` (avatar.service.ts
 * writes them). Anything else in `user.image` (an outside URL, an auth link planted at sign-up) is
 * never loaded: the browser would follow it with the viewer's cookies.
 * (No zod here: every screen's first download includes the avatar.)
 */
const OWN_AVATAR_URL = /^\/api\/avatars\/[A-Za-z0-9_-]{1,64}\.webp\?v=[A-Za-z0-9_-]{1,32}$/;

export function isOwnAvatarUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && OWN_AVATAR_URL.test(url);
}
