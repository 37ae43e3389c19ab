import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { addPhotos, categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';

/**
 * A refit over more voters and photos than one statement may bind (SQLite takes 32,766 values):
 * the tallies are read and the results written in chunks, and every voter and photo gets its
 * result.
 */
describe.each(dialects)('a refit with many voters on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  const VOTERS = 12_000;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    await app.services.demo.seed(2);
    [category = 0] = await categoryIds(app);
    const owner = await app.db
      .selectFrom('users')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const photos = await addPhotos(app, owner.id, category, 40);
    const now = app.clock.now();
    for (let from = 0; from < VOTERS; from += 500) {
      const keys = Array.from({ length: 500 }, (_, index) => `a:many-${from + index}`);
      const voters = await app.db
        .insertInto('voters')
        .values(keys.map((voter_key) => ({ voter_key, created_at: now, updated_at: now })))
        .returning('id')
        .execute();
      await app.db
        .insertInto('votes')
        .values(
          voters.map((voter, index) => {
            const a = photos[(from + index) % photos.length] ?? 0;
            const b = photos[(from + index + 1) % photos.length] ?? 0;
            return {
              pair_id: `many-${from + index}`,
              category_id: category,
              voter_id: voter.id,
              winner_photo_id: a,
              loser_photo_id: b,
              photo_lo: Math.min(a, b),
              photo_hi: Math.max(a, b),
              side: 'left',
              kind: 'random',
              dwell_ms: 1500,
              weight: 1,
              fuel_earned: 0,
              winner_score_before: 550,
              winner_score_after: 550,
              loser_score_before: 550,
              loser_score_after: 550,
              created_at: now,
            };
          }),
        )
        .execute();
    }
  });
  afterAll(() => app.close());

  it('gives every voter a weight and every photo a fitted score', async () => {
    const summaries = await app.services.refit.refitAll();
    const summary = summaries?.find((entry) => entry.categoryId === category);
    expect(summary?.votes).toBeGreaterThanOrEqual(VOTERS);

    const unweighted = await app.db
      .selectFrom('voters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('voter_key', 'like', 'a:many-%')
      .where('refit_weight', 'is', null)
      .executeTakeFirstOrThrow();
    expect(unweighted.n).toBe(0);

    // Around the ring every photo won and lost equally often: the scores stay together, and
    // 600 comparisons each shrink σ² far below the prior's 1.
    const rows = await app.db
      .selectFrom('photos')
      .select(['mu', 'sigma2'])
      .where('category_id', '=', category)
      .where('is_demo', '=', 0)
      .execute();
    expect(rows).toHaveLength(40);
    const mus = rows.map((row) => row.mu);
    expect(Math.max(...mus) - Math.min(...mus)).toBeLessThan(0.5);
    expect(Math.max(...rows.map((row) => row.sigma2))).toBeLessThan(0.05);
  });
});
