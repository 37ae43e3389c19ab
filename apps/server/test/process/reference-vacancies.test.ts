import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRng } from '../../src/domain/rating/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { addRatedPhotos, addVoters, addVotes } from '../support/refit.js';

/**
 * Issue 18, "unmoved by anything but votes", through the real refit on each database: in a young
 * category the first photos to become established join its reference set, and a photo nobody
 * voted on keeps its score. Each vacant place of the set is held by the prior (ADR 0007), so a
 * member joining moves a score by less than half of a 64th of a win (900 / 128 hundredths);
 * measured against its few members alone, the photo moved by whole points.
 */
describe.each(dialects)('a young reference set on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let photos: number[] = [];

  const stored = async (id: number) => {
    const row = await app.db
      .selectFrom('photos')
      .select(['mu', 'current_score'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row;
  };
  const members = async () =>
    app.db
      .selectFrom('category_references')
      .select('photo_id')
      .where('category_id', '=', category)
      .execute();

  beforeAll(async () => {
    app = await createTestApp(dialect);
    // The demo's photos lend their files to the test's (two a category, a few votes each).
    await app.services.demo.seed(2);
    [category = 0] = await categoryIds(app);
    // photos[1] is hidden and photos[2] deleted; photos[3] is never voted on.
    photos = await addRatedPhotos(app, category, 24);
  });
  afterAll(() => app.close());

  it('keeps an unvoted photo at 5.50 while established photos join the set', async () => {
    const untouched = photos[3] as number;
    const rest = photos.slice(4);
    // A few comparisons each: nobody is established, the set is empty.
    await addVotes(app, category, rest, await addVoters(app, 'young', 40, seededRng(3)), 4, 31);
    await app.services.refit.refitAll();
    expect(await members()).toHaveLength(0);
    const before = await stored(untouched);
    expect(before.mu).toBe(0);
    expect(before.current_score).toBe(550);

    // One strong photo meets four weak ones again and again (listed four times, it is in most
    // pairs): they become established, well apart from the category's centre.
    const strong = rest[0] as number;
    const weak = rest.slice(1, 5);
    const crowd = await addVoters(app, 'established', 80, seededRng(4));
    await addVotes(app, category, [...weak, strong, strong, strong, strong], crowd, 7, 32);
    await app.services.refit.refitAll();
    const joined = await members();
    expect(joined.length).toBeGreaterThan(0);
    expect(joined.length).toBeLessThan(64);
    const after = await stored(untouched);
    expect(after.mu).toBe(0);
    expect(Math.abs(after.current_score - before.current_score)).toBeLessThanOrEqual(
      Math.ceil((joined.length * 900) / 128),
    );
    // The members really are off centre: read against them alone, the photo would have moved.
    const memberMus = await app.db
      .selectFrom('photos')
      .select('mu')
      .where(
        'id',
        'in',
        joined.map((row) => row.photo_id),
      )
      .execute();
    const alone =
      memberMus.reduce((sum, row) => sum + 1 / (1 + Math.exp(row.mu)), 0) / memberMus.length;
    expect(Math.abs(100 + Math.round(900 * alone) - before.current_score)).toBeGreaterThan(
      Math.ceil((joined.length * 900) / 128),
    );
  });
});
