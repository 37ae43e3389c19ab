import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { board } from '../support/leaderboard.js';
import { addRatedPhotos } from '../support/refit.js';

/**
 * A write of thousands of photos in one go gives them all one `updated_at`. Every process's
 * pairing index and running boards take such a write page by page (a page is one short query):
 * every row is applied, none skipped where a page ends inside a run of equal times, and no reload
 * of the whole category is needed. An incremental refit (ADR 0029) leaves the times alone and
 * lists its photos instead (RefitIncrementRepository): they are taken page by page too.
 */
describe.each(dialects)('changes read page by page on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let photos: number[] = [];

  beforeAll(async () => {
    app = await createTestApp(dialect);
    await app.services.demo.seed(2);
    [category = 0] = await categoryIds(app);
    photos = await addRatedPhotos(app, category, 4500);
    await app.services.refit.refitAll();
  });
  afterAll(() => app.close());

  /** Waits until `done` holds, asking again while the pages are read. */
  async function eventually(done: () => Promise<boolean>) {
    for (let attempt = 0; attempt < 200; attempt++) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the change never arrived');
  }

  it('applies a write of more photos than a page, all at one time, to the index and the boards', async () => {
    const index = async () => (await app.services.arenaIndexes.current(category)).index;
    expect((await index()).size).toBeGreaterThan(4000);
    await board(app, { category_id: category, period_type: 'all' });
    // Every photo moves at the same moment; the last in id order lands on top of the boards.
    const top = photos.at(-1) ?? 0;
    const at = app.clock.now() + 1;
    await app.db
      .updateTable('photos')
      .set({ mu: 4.25, updated_at: at })
      .where('category_id', '=', category)
      .execute();
    await app.db
      .updateTable('photos')
      .set({ current_score: 1000, provisional: 0 })
      .where('id', '=', top)
      .execute();
    app.clock.advance(60_000);
    await eventually(async () => {
      const state = await index();
      return photos.every((id) => state.get(String(id))?.mu === 4.25 || !state.has(String(id)));
    });
    expect((await index()).get(String(top))?.mu).toBe(4.25);
    await eventually(
      async () =>
        (await board(app, { category_id: category, period_type: 'all' })).items[0]?.id === top,
    );
  });

  it("applies an incremental refit's list of more photos than a page, their times unmoved", async () => {
    const index = async () => (await app.services.arenaIndexes.current(category)).index;
    const loaded = await index();
    await board(app, { category_id: category, period_type: 'all' });
    // As an increment writes: new values, no new updated_at, then the list of the photos.
    const top = photos.at(0) ?? 0;
    await app.db
      .updateTable('photos')
      .set({ mu: -3.5, current_score: 100, provisional: 0 })
      .where('category_id', '=', category)
      .execute();
    await app.db.updateTable('photos').set({ current_score: 1000 }).where('id', '=', top).execute();
    await app.services.store.repos.refitIncrements.record(category, photos, app.clock.now());
    app.clock.advance(60_000);
    await eventually(async () => {
      const state = await index();
      return photos.every((id) => state.get(String(id))?.mu === -3.5 || !state.has(String(id)));
    });
    expect(await index()).toBe(loaded);
    await eventually(
      async () =>
        (await board(app, { category_id: category, period_type: 'all' })).items[0]?.id === top,
    );
  });
});
