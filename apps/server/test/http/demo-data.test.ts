import fs from 'node:fs';
import path from 'node:path';
import { categorySchema } from '@yanzhi/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';

function mediaFiles(app: TestApp): string[] {
  const root = app.config.mediaDir;
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.webp'));
}

describe.each(dialects)('demo data on %s', (dialect) => {
  let app: TestApp | undefined;
  afterEach(() => app?.close());

  it('seeds a new database with demo photos in every category, each with its files', async () => {
    app = await createTestApp(dialect, { SEED_DEMO: '1', DEMO_PHOTOS_PER_CATEGORY: '2' });
    const result = await app.services.demo.seedIfWanted(undefined, 2);
    expect(result).toEqual({ seeded: true, photosCreated: 8 });
    const categories = categorySchema.array().parse((await app.call('get_categories')).data);
    expect(categories.map((category) => category.photo_count)).toEqual([2, 2, 2, 2]);

    const photos = await app.db.selectFrom('photos').selectAll().execute();
    expect(photos.every((photo) => photo.is_demo === 1 && photo.state === 'active')).toBe(true);
    for (const photo of photos) {
      expect(photo.medium_key).not.toBeNull();
      const sizes = [];
      for (const key of [photo.display_key, photo.medium_key ?? '', photo.thumb_key]) {
        const file = path.join(app.config.mediaDir, key);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        sizes.push([meta.width, meta.height]);
      }
      expect(sizes).toEqual([
        [720, 960],
        [480, 640],
        [240, 320],
      ]);
      expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect([photo.width, photo.height]).toEqual([720, 960]);
    }
    const display = await app.server.inject({
      method: 'GET',
      url: `/media/${photos[0]?.display_key ?? ''}`,
    });
    expect(display.statusCode).toBe(200);
    // A new installation has photos on every board: some published today, some weeks ago.
    const now = app.clock.now();
    const ages = photos.map((photo) => now - photo.published_at);
    expect(ages.some((age) => age < 3_600_000)).toBe(true);
    expect(ages.some((age) => age > 7 * 86_400_000)).toBe(true);
    const owners = await app.db.selectFrom('users').select(['nickname', 'is_demo']).execute();
    expect(owners.every((owner) => owner.is_demo === 1 && owner.nickname.startsWith('演示'))).toBe(
      true,
    );
  });

  it('tops up an interrupted seed instead of duplicating it', async () => {
    app = await createTestApp(dialect);
    await app.services.demo.seed(1);
    expect(await app.services.demo.seed(2)).toBe(4);
    expect(await app.services.demo.seed(2)).toBe(0);
    expect(mediaFiles(app)).toHaveLength(4 * 2 * 3);
  });

  it('removes every demo photo, file and account with one command, and stays removed', async () => {
    app = await createTestApp(dialect);
    await app.services.demo.seedIfWanted(undefined, 1);
    expect(mediaFiles(app)).toHaveLength(4 * 3);
    // One photo per category needs one demo owner (each photo of a board has its own owner).
    expect(await app.services.demo.remove()).toEqual({ photos: 4, users: 1 });
    expect(mediaFiles(app)).toHaveLength(0);
    expect(await app.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
    expect(await app.services.demo.seedIfWanted(undefined, 1)).toEqual({
      seeded: false,
      photosCreated: 0,
    });
    expect(await app.services.demo.seedIfWanted(false, 1)).toEqual({
      seeded: false,
      photosCreated: 0,
    });
  });

  it('does not seed a database that already has real content unless asked', async () => {
    app = await createTestApp(dialect);
    const host = await app.call('login_by_cookie', { cookie: app.hostToken('real') });
    expect(host.code).toBe(0);
    const user = await app.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const category = await app.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    await app.db
      .insertInto('photos')
      .values({
        user_id: user.id,
        category_id: category.id,
        state: 'active',
        width: 720,
        height: 960,
        placeholder: 'data:,',
        display_key: 'photos/x/real.webp',
        thumb_key: 'photos/x/real-t.webp',
        phash: null,
        is_demo: 0,
        created_at: 0,
        published_at: 0,
        updated_at: 0,
      })
      .execute();
    expect(await app.services.demo.seedIfWanted(undefined, 1)).toEqual({
      seeded: false,
      photosCreated: 0,
    });
    expect((await app.services.demo.seedIfWanted(true, 1)).photosCreated).toBe(4);
  });
});

describe.each(dialects)('demo votes on %s', (dialect) => {
  it('give the demo photos spread-out scores that follow their hidden appeal', async () => {
    const app = await createTestApp(dialect);
    try {
      await app.services.demo.seed(12);
      await app.services.refit.refitAll();
      const votes = await app.db.selectFrom('votes').select(['winner_photo_id']).execute();
      expect(votes.length).toBeGreaterThan(4 * 12 * 10);
      const photos = await app.db
        .selectFrom('photos')
        .select(['current_score', 'comparisons', 'wins', 'provisional'])
        .execute();
      const scores = photos.map((photo) => photo.current_score);
      expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThan(200);
      expect(photos.filter((photo) => photo.provisional === 0).length).toBeGreaterThan(0);
      const wins = photos.reduce((sum, photo) => sum + photo.wins, 0);
      const comparisons = photos.reduce((sum, photo) => sum + photo.comparisons, 0);
      expect(wins).toBe(votes.length);
      expect(comparisons).toBe(2 * votes.length);

      await app.services.demo.remove();
      expect(await app.db.selectFrom('votes').selectAll().execute()).toHaveLength(0);
      expect(await app.db.selectFrom('voters').selectAll().execute()).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
