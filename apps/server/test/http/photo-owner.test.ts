import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, uploadPhotoResponseSchema } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';

describe.each(dialects)('delete and boost, owner only, on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let seed = 0;
  const sessions: Record<'owner' | 'other', { token: string; id: number }> = {
    owner: { token: '', id: 0 },
    other: { token: '', id: 0 },
  };

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      SESSION_TTL_HOURS: '1',
      RATE_LIMIT_UPLOADS_PER_HOUR_USER: '1000',
      RATE_LIMIT_UPLOADS_PER_HOUR_IP: '1000',
    });
    [category = 0] = await categoryIds(app);
    // 'other' first: the owner is not user 1, whose id a body may send as the spec client's
    // placeholder (ADR 0002), so naming the owner is a real mismatch below.
    for (const who of ['other', 'owner'] as const) {
      const login = await app.call('login_by_cookie', {
        cookie: app.hostToken(`${who}-${dialect}`),
      });
      const data = login.data as { token: string; userInfo: { id: number } };
      sessions[who] = { token: data.token, id: data.userInfo.id };
    }
  });
  afterAll(() => app.close());

  async function ownersPhoto() {
    seed += 1;
    const result = await upload(
      app,
      { bytes: await photoJpeg(seed + (dialect === 'postgres' ? 1000 : 0)) },
      { category_id: String(category) },
      { headers: { 'access-token': sessions.owner.token } },
    );
    expect(result.code, result.msg).toBe(0);
    return uploadPhotoResponseSchema.parse(result.data).photo;
  }

  const as = (
    who: 'owner' | 'other' | 'anonymous' | 'expired',
    token?: string,
  ): Record<string, string> =>
    who === 'anonymous'
      ? {}
      : { 'access-token': token ?? sessions[who === 'expired' ? 'owner' : who].token };

  it('lets only the owner delete: other user 40300, anonymous 40100, unknown id 40402', async () => {
    const photo = await ownersPhoto();
    // Another stays: spec §4 keeps a user's last photo (last-photo.test.ts).
    await ownersPhoto();
    const files = () =>
      [photo.image.url, photo.image.medium_url ?? '', photo.image.thumb_url].map((url) =>
        path.join(app.config.mediaDir, url.replace('/media/', '')),
      );
    expect(photo.image.medium_url).toMatch(/-m\.webp$/);
    expect(files().every((file) => fs.existsSync(file))).toBe(true);

    expect((await app.call('delete_photo', { photo_id: photo.id }, as('other'))).code).toBe(
      ErrorCode.FORBIDDEN,
    );
    expect((await app.call('delete_photo', { photo_id: photo.id }, as('anonymous'))).code).toBe(
      ErrorCode.NOT_SIGNED_IN,
    );
    // The body's user_id is never authority: naming the owner while signed in as someone else.
    expect(
      (
        await app.call(
          'delete_photo',
          { photo_id: photo.id, user_id: sessions.owner.id },
          as('other'),
        )
      ).code,
    ).toBe(ErrorCode.USER_MISMATCH);
    expect((await app.call('delete_photo', { photo_id: 987654 }, as('owner'))).code).toBe(
      ErrorCode.PHOTO_NOT_FOUND,
    );
    expect(files().every((file) => fs.existsSync(file))).toBe(true);

    const deleted = await app.call(
      'delete_photo',
      { photo_id: photo.id, user_id: sessions.owner.id },
      as('owner'),
    );
    expect(deleted).toMatchObject({ code: 0, data: { photo_id: photo.id, deleted: true } });
    expect(files().some((file) => fs.existsSync(file))).toBe(false);
    expect((await app.call('delete_photo', { photo_id: photo.id }, as('owner'))).code).toBe(
      ErrorCode.PHOTO_NOT_FOUND,
    );
    const mine = await app.call('get_my_photos', {}, as('owner'));
    expect((mine.data as { photos: { id: number }[] }).photos.some((p) => p.id === photo.id)).toBe(
      false,
    );
    // Out of the arena at once.
    for (let round = 0; round < 10; round += 1) {
      const pair = await app.call('get_random_photos_for_rating', {
        category_id: category,
        anonymous_id: `web-del-${dialect}`,
      });
      const ids =
        (pair.data as { photos?: { id: number }[] } | null)?.photos?.map((p) => p.id) ?? [];
      expect(ids).not.toContain(photo.id);
    }
  });

  it('refuses an expired token for delete and boost', async () => {
    const photo = await ownersPhoto();
    const stale = await app.call('login_by_cookie', { cookie: app.hostToken(`owner-${dialect}`) });
    const { token } = stale.data as { token: string };
    app.clock.advance(3_600_001);
    expect(
      (await app.call('delete_photo', { photo_id: photo.id }, as('expired', token))).code,
    ).toBe(ErrorCode.TOKEN_EXPIRED);
    expect(
      (await app.call('boost_photo', { photo_id: photo.id, exposures: 10 }, as('expired', token)))
        .code,
    ).toBe(ErrorCode.TOKEN_EXPIRED);
    // Everyone signs in afresh after the clock moved past their sessions' lifetime.
    // 'other' first: the owner is not user 1, whose id a body may send as the spec client's
    // placeholder (ADR 0002), so naming the owner is a real mismatch below.
    for (const who of ['other', 'owner'] as const) {
      const fresh = await app.call('login_by_cookie', {
        cookie: app.hostToken(`${who}-${dialect}`),
      });
      sessions[who].token = (fresh.data as { token: string }).token;
    }
  });

  it('lets only the owner boost, charging fuel atomically and refusing when it is short', async () => {
    const photo = await ownersPhoto();
    expect(
      (await app.call('boost_photo', { photo_id: photo.id, exposures: 10 }, as('other'))).code,
    ).toBe(ErrorCode.FORBIDDEN);
    expect(
      (await app.call('boost_photo', { photo_id: photo.id, exposures: 10 }, as('anonymous'))).code,
    ).toBe(ErrorCode.NOT_SIGNED_IN);
    const boosted = await app.call(
      'boost_photo',
      { photo_id: photo.id, exposures: 30 },
      as('owner'),
    );
    expect(boosted).toMatchObject({
      code: 0,
      data: { photo_id: photo.id, boost_remaining: 30, cost: 30, fuel: 20 },
    });
    const short = await app.call('boost_photo', { photo_id: photo.id, exposures: 30 }, as('owner'));
    expect(short.code).toBe(ErrorCode.INSUFFICIENT_FUEL);
    const concurrent = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.call('boost_photo', { photo_id: photo.id, exposures: 10 }, as('owner')),
      ),
    );
    expect(concurrent.filter((result) => result.code === 0)).toHaveLength(2);
    const user = await app.db
      .selectFrom('users')
      .select('fuel_balance')
      .where('id', '=', sessions.owner.id)
      .executeTakeFirstOrThrow();
    expect(user.fuel_balance).toBe(0);
    const row = await app.db
      .selectFrom('photos')
      .select('boost_remaining')
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(row.boost_remaining).toBe(50);
  });
});
