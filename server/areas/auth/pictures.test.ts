import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES } from '../../../common/api/auth/limits.js';
import { profilePictures, users } from '../../db/schema.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { jpegWithGps, pngBomb, testJpeg, uploadPicture } from '../../test/pictures.js';
import { linkSpotify } from '../../test/spotifyLinking.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (cookie: string) =>
  (await t.app.inject({ url: '/api/', headers: { cookie } })).json().user;
const picture = (id: string, query = '') =>
  t.app.inject({ url: `/api/users/profile/picture/${id}${query}` });

describe('auth/profile/picture', () => {
  it('re-encodes an upload to square WebP in three sizes and serves it with immutable caching', async () => {
    const user = await signedInUser(t);
    const uploaded = await uploadPicture(t, user.cookie, await testJpeg(800, 600));
    expect(uploaded.statusCode).toBe(200);
    const { id } = uploaded.json();
    expect(uploaded.json()).toEqual({ success: true, id: expect.any(String) });
    expect((await me(user.cookie)).userProfilePicture).toBe(id);

    for (const [query, side] of [
      ['', 256],
      ['?size=64', 64],
      ['?size=512', 512],
    ] as const) {
      const served = await picture(id, query);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: side, height: side });
    }

    const served = await picture(id);
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}-256"$/);
    const revalidated = await t.app.inject({
      url: `/api/users/profile/picture/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('returns a JPEG taken with EXIF GPS without any of its metadata', async () => {
    const user = await signedInUser(t);
    const original = await jpegWithGps();
    // The test file really carries the position.
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('CuratorPhone');
    expect(before.exif?.length).toBeGreaterThan(100);

    const { id } = (await uploadPicture(t, user.cookie, original)).json();
    for (const query of ['?size=64', '', '?size=512']) {
      const served = await picture(id, query);
      const after = await sharp(served.rawPayload).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(served.rawPayload.toString('latin1')).not.toContain('CuratorPhone');
    }
  });

  it('replaces the previous picture: a new id, the old one gone', async () => {
    const user = await signedInUser(t);
    const first = (await uploadPicture(t, user.cookie, await testJpeg(300, 300))).json().id;
    const second = (await uploadPicture(t, user.cookie, await testJpeg(400, 300))).json().id;
    expect(second).not.toBe(first);
    expect((await picture(first)).statusCode).toBe(404);
    expect((await picture(second)).statusCode).toBe(200);
    const rows = await t.context.db
      .select({ id: profilePictures.id })
      .from(profilePictures)
      .where(eq(profilePictures.userId, user.id));
    expect(rows).toEqual([{ id: second }]);
  });

  it('refuses a renamed non-image with 415, naming the picture field', async () => {
    const user = await signedInUser(t);
    const script = Buffer.from('#!/bin/sh\necho "not a picture"\n'.repeat(20));
    const refused = await uploadPicture(t, user.cookie, script, {
      filename: 'holiday.jpg',
      type: 'image/jpeg',
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.fields.picture).toMatch(/not a picture/);
    // An SVG is an image, but a document that can carry script: not accepted either.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await uploadPicture(t, user.cookie, svg, { filename: 'me.svg' })).statusCode).toBe(415);
    expect((await me(user.cookie)).userProfilePicture).toBeNull();
  });

  it('refuses a file over the limit with 413', async () => {
    const user = await signedInUser(t);
    const huge = Buffer.concat([await testJpeg(100, 100), Buffer.alloc(PICTURE_MAX_BYTES)]);
    const refused = await uploadPicture(t, user.cookie, huge);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.fields.picture).toMatch(/at most 5 MB/);
    expect((await me(user.cookie)).userProfilePicture).toBeNull();
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const user = await signedInUser(t);
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2000);
    const refused = await uploadPicture(t, user.cookie, bomb, {
      filename: 'bomb.png',
      type: 'image/png',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.picture).toMatch(/megapixels/);
  });

  it('refuses a damaged picture, an empty file, a JSON body and a missing Origin', async () => {
    const user = await signedInUser(t);
    const jpeg = await testJpeg(200, 200);
    const truncated = await uploadPicture(t, user.cookie, jpeg.subarray(0, 300));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error.fields.picture).toMatch(/could not be read/);

    const empty = await uploadPicture(t, user.cookie, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.picture).toBe('The file is empty');

    const wrongField = await uploadPicture(t, user.cookie, jpeg, { field: 'avatar' });
    expect(wrongField.statusCode).toBe(400);

    const json = await post(t.app, '/api/auth/profile/picture', {}, { cookie: user.cookie });
    expect(json.statusCode).toBe(415);

    const noOrigin = await uploadPicture(t, user.cookie, jpeg, { origin: null });
    expect(noOrigin.statusCode).toBe(403);
    const otherSite = await uploadPicture(t, user.cookie, jpeg, { origin: 'https://evil.test' });
    expect(otherSite.statusCode).toBe(403);
    expect((await me(user.cookie)).userProfilePicture).toBeNull();
  });

  it('refuses an anonymous upload with 401', async () => {
    const refused = await uploadPicture(t, undefined, await testJpeg(100, 100));
    expect(refused.statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed picture id, and 400 for an unknown size', async () => {
    expect((await picture('6f1c1e8e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await picture('not-a-uuid')).statusCode).toBe(404);
    const user = await signedInUser(t);
    const { id } = (await uploadPicture(t, user.cookie, await testJpeg(100, 100))).json();
    const odd = await picture(id, '?size=100');
    expect(odd.statusCode).toBe(400);
    expect(Object.keys(odd.json().error.fields)).toEqual(['size']);
  });
});

describe('auth/profile/picture/remove and the picture fallback', () => {
  it('falls back to the last Spotify picture, or an empty list, after removal', async () => {
    const user = await signedInUser(t);
    expect(await me(user.cookie)).toMatchObject({ userProfilePicture: null, images: [] });

    await linkSpotify(t, user.cookie, 'mara.velden');
    const { id } = (await uploadPicture(t, user.cookie, await testJpeg(100, 100))).json();
    expect((await me(user.cookie)).userProfilePicture).toBe(id);

    const removed = await post(
      t.app,
      '/api/auth/profile/picture/remove',
      {},
      { cookie: user.cookie },
    );
    expect(removed.statusCode).toBe(200);
    const after = await me(user.cookie);
    expect(after.userProfilePicture).toBeNull();
    // images: the linked account's Spotify picture, which the picture URL now falls back to.
    expect(after.images).toEqual([expect.stringMatching(/\/images\/mara\.velden\.svg/)]);
    expect((await picture(id)).statusCode).toBe(404);
    const [row] = await t.context.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.pictureId).toBeNull();
  });

  it('deletes the picture with the account', async () => {
    const user = await signedInUser(t);
    const { id } = (await uploadPicture(t, user.cookie, await testJpeg(100, 100))).json();
    await post(
      t.app,
      '/api/auth/removeaccount',
      { password: user.password },
      { cookie: user.cookie },
    );
    expect((await picture(id)).statusCode).toBe(404);
  });
});
