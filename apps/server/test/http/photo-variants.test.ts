import fs from 'node:fs';
import path from 'node:path';
import { myPhotosPageSchema, pairSchema, uploadPhotoResponseSchema } from '@yanzhi/contract';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDown, migrateTo } from '../../src/db/migrate.js';
import { ImageRepository } from '../../src/repositories/image.repository.js';
import { MediaRepository } from '../../src/repositories/media.repository.js';
import { firstCategoryId, mediaFiles, photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import {
  createTestDatabase,
  dialects,
  makeTempDir,
  type TestDatabase,
} from '../support/database.js';

describe('the medium variant (ADR 0018)', () => {
  it('is rendered at 480x640 from raw pixels, between the display variant and the thumbnail', async () => {
    const rendered = await new ImageRepository().renderPhotoVariants(await photoJpeg(7));
    const sizes = await Promise.all(
      [rendered.display, rendered.medium, rendered.thumb].map(async (bytes) => {
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif ?? meta.icc ?? meta.xmp ?? meta.iptc).toBeUndefined();
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [720, 960],
      [480, 640],
      [240, 320],
    ]);
    expect(rendered.medium.length).toBeLessThan(rendered.display.length);
    expect(rendered.medium.length).toBeGreaterThan(rendered.thumb.length);
  });

  it('is written beside the others under the same name, and none is left when a write fails', async () => {
    const dir = makeTempDir();
    const media = new MediaRepository(dir);
    const rendered = await new ImageRepository().renderPhotoVariants(await photoJpeg(8));
    const keys = await media.writePhotoVariants(rendered);
    expect(keys.medium_key).toBe(keys.display_key.replace(/\.webp$/, '-m.webp'));
    expect(keys.thumb_key).toBe(keys.display_key.replace(/\.webp$/, '-t.webp'));
    for (const key of Object.values(keys)) expect(await media.exists(key)).toBe(true);

    // The thumbnail (written last) cannot be written: the display and medium files go again.
    await expect(
      media.writePhotoVariants({ ...rendered, thumb: undefined as unknown as Buffer }),
    ).rejects.toThrow();
    const files = fs
      .readdirSync(path.join(dir, 'photos'), { recursive: true, encoding: 'utf8' })
      .filter((entry) => entry.endsWith('.webp'));
    expect(files.sort()).toEqual(
      Object.values(keys)
        .map((key) => key.slice('photos/'.length))
        .sort(),
    );
  });
});

describe.each(dialects)('photos with and without the medium variant on %s', (dialect) => {
  let app: TestApp;
  let categoryId: number;
  beforeEach(async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_UPLOADS_PER_HOUR_IP: '1000' });
    categoryId = await firstCategoryId(app);
  });
  afterEach(() => app.close());

  async function uploaded(seed: number) {
    const result = await upload(
      app,
      { bytes: await photoJpeg(seed) },
      { category_id: String(categoryId) },
      { headers: { 'device-id': `web-variants-${seed}` } },
    );
    expect(result.code, result.msg).toBe(0);
    return uploadPhotoResponseSchema.parse(result.data);
  }

  /** What a photo stored before migration 0006 looks like: no medium key, no medium file. */
  async function makeLegacy(photoId: number) {
    const row = await app.db
      .selectFrom('photos')
      .select('medium_key')
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    fs.rmSync(path.join(app.config.mediaDir, row.medium_key ?? ''));
    await app.db
      .updateTable('photos')
      .set({ medium_key: null })
      .where('id', '=', photoId)
      .execute();
  }

  it('serves a new upload with its medium variant', async () => {
    const { photo } = await uploaded(21);
    expect(photo.image.medium_url).toMatch(/^\/media\/photos\/[0-9a-f]{2}\/[0-9a-f]{32}-m\.webp$/);
    const served = await app.server.inject({ method: 'GET', url: photo.image.medium_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([480, 640]);
  });

  it('serves an older photo without one (medium_url null), and deletes and sweeps it cleanly', async () => {
    const first = await uploaded(22);
    const second = await uploaded(23);
    await makeLegacy(first.photo.id);
    await makeLegacy(second.photo.id);

    const mine = await app.call('get_my_photos', {}, { 'access-token': first.token ?? '' });
    const [listed] = myPhotosPageSchema.parse(mine.data).photos;
    expect(listed?.image).toMatchObject({
      url: first.photo.image.url,
      medium_url: null,
      thumb_url: first.photo.image.thumb_url,
    });
    const pair = await app.call('get_random_photos_for_rating', {
      category_id: categoryId,
      anonymous_id: `web-legacy-${dialect}`,
    });
    expect(pair.code, pair.msg).toBe(0);
    const photos = pairSchema.parse(pair.data).photos;
    expect(photos.map((photo) => photo.image.medium_url)).toEqual([null, null]);

    // The sweep keeps the two files an older photo has.
    app.clock.advance(24 * 3_600_000);
    expect(await app.services.photos.sweepOrphanFiles(0)).toEqual([]);
    expect(mediaFiles(app)).toHaveLength(4);

    // Spec §4 keeps a user's last photo: the owner uploads another (three files) first.
    const keeper = await upload(
      app,
      { bytes: await photoJpeg(24) },
      { category_id: String(categoryId) },
      { headers: { 'access-token': first.token ?? '' } },
    );
    expect(keeper.code, keeper.msg).toBe(0);
    const deleted = await app.call(
      'delete_photo',
      { photo_id: first.photo.id },
      { 'access-token': first.token ?? '' },
    );
    expect(deleted.code, deleted.msg).toBe(0);
    expect(mediaFiles(app)).toHaveLength(2 + 3);
  });
});

describe.each(dialects)('migration 0006 on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.drop());

  it('adds the medium key to existing photos as null, and takes it away again', async () => {
    database = await createTestDatabase(dialect, makeTempDir());
    const { db } = database.handle;
    // The schema as it stood before 0006 (later migrations are not this test's concern).
    await migrateTo(db, '2026-11-21-0005-leaderboards');
    const now = Date.UTC(2026, 10, 21);
    const user = await db
      .insertInto('users')
      .values({
        nickname: 'old',
        avatar_url: null,
        role: 'user',
        status: 'active',
        host_user_id: null,
        device_id: null,
        is_device_account: 0,
        is_demo: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const category = await db
      .insertInto('categories')
      .values({
        slug: 'old',
        name: '旧',
        name_en: 'Old',
        sort_order: 1,
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('photos')
      // Before 0006 the column does not exist: the row is written without it.
      .values({
        user_id: user.id,
        category_id: category.id,
        state: 'active',
        width: 720,
        height: 960,
        placeholder: 'data:,',
        display_key: 'photos/ab/old.webp',
        thumb_key: 'photos/ab/old-t.webp',
        phash: null,
        is_demo: 0,
        created_at: now,
        published_at: now,
        updated_at: now,
      })
      .execute();
    expect(await migrateTo(db, '2026-11-21-0006-medium-variant')).toEqual([
      '2026-11-21-0006-medium-variant',
    ]);
    const row = await db
      .selectFrom('photos')
      .select(['display_key', 'medium_key'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ display_key: 'photos/ab/old.webp', medium_key: null });
    await migrateDown(db);
    // PostgreSQL lists the tables of every schema: other tests' run beside this one.
    const schema =
      dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
            ?.schema
        : undefined;
    const columns = (await db.introspection.getTables())
      .filter((table) => table.name === 'photos' && table.schema === schema)
      .flatMap((table) => table.columns.map((column) => column.name));
    expect(columns).toContain('display_key');
    expect(columns).not.toContain('medium_key');
  });
});
