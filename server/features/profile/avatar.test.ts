import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { AVATAR_MAX_BYTES } from '#domain/profiles.ts';
import { createAgent, errorOf } from '#server/testing/agent.ts';
import { signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type Agent = ReturnType<typeof createAgent>;

async function upload(agent: Agent, data: Uint8Array, type: string) {
  return t.app.request(`${TEST_ORIGIN}/api/profile/avatar`, {
    method: 'PUT',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': type,
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: data,
  });
}

/** The upload's answer, checked: the upload itself is a raw image body, outside the typed client. */
const uploaded = async (res: Response) => z.object({ image: z.string() }).parse(await res.json());

async function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .withExif({ IFD0: { Copyright: 'Secret Owner', ImageDescription: 'home address' } })
    .png()
    .toBuffer();
}

test('an uploaded photo becomes a 256x256 WebP without metadata, served with long cache headers', async () => {
  const me = await signedInUser(t);
  const original = await photoWithExif();
  expect((await sharp(original).metadata()).exif).toBeDefined();

  const res = await upload(me.agent, original, 'image/png');
  expect(res.status).toBe(200);
  const { image } = await uploaded(res);
  expect(image).toMatch(new RegExp(`^/api/avatars/${me.user.id}\\.webp\\?v=`));

  const served = await t.app.request(`${TEST_ORIGIN}${image}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const bytes = Buffer.from(await served.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  expect(meta.exif).toBeUndefined();
  expect(bytes.toString('latin1')).not.toContain('Secret Owner');
  expect(bytes.length).toBeLessThan(original.length);

  const profile = await (await me.agent.api.profile.$get()).json();
  expect(profile.profile.image).toBe(image);
});

async function solidPng(background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
}

async function servedBytes(image: string): Promise<Buffer> {
  const served = await t.app.request(`${TEST_ORIGIN}${image}`);
  expect(served.status).toBe(200);
  return Buffer.from(await served.arrayBuffer());
}

test('a second upload replaces the photo under a new version', async () => {
  const me = await signedInUser(t);
  const first = await uploaded(await upload(me.agent, await photoWithExif(), 'image/png'));
  const blue = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .jpeg()
    .toBuffer();
  const second = await uploaded(await upload(me.agent, blue, 'image/jpeg'));
  expect(second.image).not.toBe(first.image);
  const { dominant } = await sharp(await servedBytes(second.image)).stats();
  expect(dominant.b).toBeGreaterThan(200);
});

test('two quick uploads of different photos get different URLs, each serving its own bytes', async () => {
  const me = await signedInUser(t);
  const [red, green] = await Promise.all([
    solidPng({ r: 255, g: 0, b: 0 }),
    solidPng({ r: 0, g: 255, b: 0 }),
  ]);

  const first = await uploaded(await upload(me.agent, red, 'image/png'));
  const firstBytes = await servedBytes(first.image);
  // No pause: the second upload follows at once, within the same millisecond if the machine is fast.
  const second = await uploaded(await upload(me.agent, green, 'image/png'));
  const secondBytes = await servedBytes(second.image);

  expect(second.image).not.toBe(first.image);
  expect(firstBytes.equals(secondBytes)).toBe(false);
  // The version names the bytes: sha256 of the stored WebP, first 16 hex digits.
  for (const [image, bytes] of [
    [first.image, firstBytes],
    [second.image, secondBytes],
  ] as const) {
    const version = new URL(image, TEST_ORIGIN).searchParams.get('v');
    expect(version).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 16));
  }
  expect((await sharp(firstBytes).stats()).dominant.r).toBeGreaterThan(200);
  expect((await sharp(secondBytes).stats()).dominant.g).toBeGreaterThan(200);
});

test('the same photo uploaded again keeps the same URL, so caches stay valid', async () => {
  const me = await signedInUser(t);
  const photo = await solidPng({ r: 10, g: 20, b: 200 });
  const first = await uploaded(await upload(me.agent, photo, 'image/png'));
  const again = await uploaded(await upload(me.agent, photo, 'image/png'));
  expect(again.image).toBe(first.image);
});

test('bytes that are not an image are refused by content, whatever the content type says', async () => {
  const me = await signedInUser(t);
  const res = await upload(me.agent, new TextEncoder().encode('<script>alert(1)</script>'), 'image/png');
  expect(res.status).toBe(422);
  expect(await res.json()).toMatchObject({
    error: { code: 'VALIDATION_FAILED', message: 'Please select an image file.' },
  });
  const notImageType = await upload(me.agent, await photoWithExif(), 'text/plain');
  expect(notImageType.status).toBe(422);
});

test('5 MB is accepted by the limit, 5 MB + 1 byte is refused with 413', async () => {
  const me = await signedInUser(t);
  const tooBig = new Uint8Array(AVATAR_MAX_BYTES + 1);
  const res = await upload(me.agent, tooBig, 'image/png');
  expect(res.status).toBe(413);
  expect((await errorOf(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
  // Exactly the limit passes the size check (and then fails as a non-image).
  expect((await upload(me.agent, new Uint8Array(AVATAR_MAX_BYTES), 'image/png')).status).toBe(422);
});

test('uploading needs a session; unknown avatar files are 404', async () => {
  expect((await upload(createAgent(t), await photoWithExif(), 'image/png')).status).toBe(401);
  expect((await t.app.request(`${TEST_ORIGIN}/api/avatars/nobody.webp`)).status).toBe(404);
  expect((await t.app.request(`${TEST_ORIGIN}/api/avatars/..%2Fsecret.webp`)).status).toBe(422);
});

test('eight parallel uploads by one user all succeed and the saved avatar is one of them, whole', async () => {
  const me = await signedInUser(t);
  const colors = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ r: i * 30, g: 255 - i * 30, b: (i * 70) % 256 }));
  const photos = await Promise.all(
    colors.map((background) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  const responses = await Promise.all(photos.map((photo) => upload(me.agent, photo, 'image/png')));
  expect(responses.map((res) => res.status)).toEqual(Array<number>(8).fill(200));
  const images = await Promise.all(responses.map(async (res) => (await uploaded(res)).image));
  expect(new Set(images).size).toBe(8);

  // The profile points at the upload that finished last, and the file it serves is that upload's.
  const { profile } = await (await me.agent.api.profile.$get()).json();
  const winner = images.indexOf(profile.image ?? '');
  expect(winner).toBeGreaterThanOrEqual(0);
  const served = Buffer.from(await (await t.app.request(`${TEST_ORIGIN}${profile.image}`)).arrayBuffer());
  const { dominant } = await sharp(served).stats();
  const expected = colors[winner];
  expect(Math.abs(dominant.r - (expected?.r ?? -99))).toBeLessThan(24);
  expect(Math.abs(dominant.g - (expected?.g ?? -99))).toBeLessThan(24);
});
