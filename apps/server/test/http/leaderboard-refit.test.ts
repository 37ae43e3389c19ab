import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { board, databaseOrder } from '../support/leaderboard.js';

describe.each(dialects)('leaderboards after real votes and refits on %s', (dialect) => {
  let app: TestApp;
  let category = 0;

  beforeAll(async () => {
    app = await createTestApp(dialect, { TZ_LEADERBOARD: 'Asia/Shanghai' });
    await app.services.demo.seedIfWanted(undefined, 6);
    await app.services.refit.refitAll();
    [category = 0] = await categoryIds(app);
  });
  afterAll(() => app.close());

  it('records every established photo’s rank at the refit, matching the board', async () => {
    const all = await board(app, { category_id: category, period_type: 'all' });
    expect(all.items.length).toBeGreaterThan(0);
    const recorded = await app.db
      .selectFrom('photo_score_days')
      .select(['photo_id', 'rank_all', 'score'])
      .where('day', '=', '2026-11-21')
      .where(
        'photo_id',
        'in',
        all.items.map((item) => item.id),
      )
      .execute();
    const rankOf = new Map(recorded.map((row) => [row.photo_id, row.rank_all]));
    for (const item of all.items) expect(rankOf.get(item.id), String(item.id)).toBe(item.rank);
    expect(all.items.map((item) => `${item.id}:${item.current_score}`)).toEqual(
      await databaseOrder(app, category),
    );
  });

  it('follows the scores that votes write, within the cache time', async () => {
    for (let round = 0; round < 12; round += 1) {
      const pair = await servePair(app, category, `web-voter-${dialect}`);
      parseVote(await vote(app, pair, `web-voter-${dialect}`, { pick: round % 2 === 0 ? 0 : 1 }));
    }
    app.clock.advance(3000);
    const all = await board(app, { category_id: category, period_type: 'all' });
    // Votes move the reference photos' live μ, but boards keep the last refit's yardstick until
    // the next refit (ADR 0007): order by that one.
    const { referenceMus } = await app.services.arenaIndexes.get(category);
    expect(all.items.map((item) => `${item.id}:${item.current_score}`)).toEqual(
      await databaseOrder(app, category, referenceMus),
    );
  });

  it('takes a refit’s new scores without a reader waiting for the reload', async () => {
    const before = await board(app, { category_id: category, period_type: 'all' });
    await app.db
      .updateTable('photos')
      .set({ current_score: 101 })
      .where('id', '=', before.items[0]?.id ?? 0)
      .execute();
    // The refit rewrites every score (from the votes) and stamps the category.
    await app.services.refit.refit(category);
    app.clock.advance(3000);
    // The first read starts the reload and answers from the boards it has.
    const during = await board(app, { category_id: category, period_type: 'all' });
    expect(during.items.map((item) => item.id)).toEqual(before.items.map((item) => item.id));
    let after = during;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      after = await board(app, { category_id: category, period_type: 'all' });
      if (after.as_of !== during.as_of) break;
    }
    expect(after.items.map((item) => `${item.id}:${item.current_score}`)).toEqual(
      await databaseOrder(app, category),
    );
  });
});
