import { ErrorCode, myPhotosPageSchema, uploadPhotoResponseSchema } from '@yanzhi/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstCategoryId, photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';

describe.each(dialects)('get_my_photos on %s', (dialect) => {
  let app: TestApp;
  let categoryId: number;
  beforeEach(async () => {
    app = await createTestApp(dialect);
    categoryId = await firstCategoryId(app);
  });
  afterEach(() => app.close());

  /** One owner's photos, a minute apart, then given these scores and states. */
  async function ownerWith(photos: { score: number; state?: 'hidden' | 'removed' | 'deleted' }[]) {
    let token = '';
    const ids: number[] = [];
    for (const [index, photo] of photos.entries()) {
      app.clock.advance(60_000);
      const result = await upload(
        app,
        { bytes: await photoJpeg(100 + index) },
        { category_id: String(categoryId) },
        { headers: token ? { 'access-token': token } : { 'device-id': 'web-owner' } },
      );
      expect(result.code, result.msg).toBe(0);
      const data = uploadPhotoResponseSchema.parse(result.data);
      token ||= data.token ?? '';
      ids.push(data.photo.id);
      await app.db
        .updateTable('photos')
        .set({ current_score: photo.score, state: photo.state ?? 'active' })
        .where('id', '=', data.photo.id)
        .execute();
    }
    return { token, ids };
  }

  async function page(token: string, body: Record<string, unknown> = {}) {
    const result = await app.call('get_my_photos', body, { 'access-token': token });
    expect(result.code, result.msg).toBe(0);
    return myPhotosPageSchema.parse(result.data);
  }

  it('requires a signed-in caller', async () => {
    expect((await app.call('get_my_photos', {})).code).toBe(ErrorCode.NOT_SIGNED_IN);
    const bogus = await app.call('get_my_photos', {}, { 'access-token': 'at_nope' });
    expect(bogus.code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('lists the caller’s photos best first, newest first among equals, without deleted ones', async () => {
    const { token, ids } = await ownerWith([
      { score: 600 },
      { score: 700 },
      { score: 550, state: 'hidden' },
      { score: 700 },
      { score: 480, state: 'removed' },
      { score: 990, state: 'deleted' },
    ]);
    // Someone else's photo never appears.
    expect(
      (await upload(app, { bytes: await photoJpeg(1) }, { category_id: String(categoryId) })).code,
    ).toBe(0);

    const all = await page(token);
    expect(all.photos.map((photo) => photo.id)).toEqual([ids[3], ids[1], ids[0], ids[2], ids[4]]);
    expect(all).toMatchObject({ current_page: 1, total_pages: 1, total_photos: 5 });
    expect(all.photos.map((photo) => photo.state)).toEqual([
      'active',
      'active',
      'active',
      'hidden',
      'removed',
    ]);
    for (const photo of all.photos) {
      expect(photo.image.url).toMatch(/^\/media\/photos\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
      expect(photo.image.thumb_url).toMatch(/^\/media\/photos\/[0-9a-f]{2}\/[0-9a-f]{32}-t\.webp$/);
      expect(photo).toMatchObject({
        state_reason: null,
        provisional: true,
        category_id: categoryId,
      });
    }
  });

  it('pages with page and page_size (default 20, at most 100)', async () => {
    const { token, ids } = await ownerWith([
      { score: 500 },
      { score: 510 },
      { score: 520 },
      { score: 530 },
      { score: 540 },
    ]);
    const first = await page(token, { page: 1, page_size: 2 });
    expect(first).toMatchObject({ current_page: 1, total_pages: 3, total_photos: 5 });
    expect(first.photos.map((photo) => photo.id)).toEqual([ids[4], ids[3]]);
    const second = await page(token, { page: '2', page_size: '2' });
    expect(second.photos.map((photo) => photo.id)).toEqual([ids[2], ids[1]]);
    const third = await page(token, { page: 3, page_size: 2 });
    expect(third.photos.map((photo) => photo.id)).toEqual([ids[0]]);
    const beyond = await page(token, { page: 4, page_size: 2 });
    expect(beyond).toMatchObject({ photos: [], current_page: 4, total_pages: 3, total_photos: 5 });

    const tooBig = await app.call('get_my_photos', { page_size: 101 }, { 'access-token': token });
    expect(tooBig.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(tooBig.msg).toContain('page_size');
  });

  it('answers an empty first page for an account without photos', async () => {
    const { token } = await ownerWith([{ score: 550, state: 'deleted' }]);
    expect(await page(token)).toEqual({
      photos: [],
      current_page: 1,
      total_pages: 0,
      total_photos: 0,
    });
  });
});
