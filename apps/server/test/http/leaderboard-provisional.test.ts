import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_MIN_COMPARISONS } from '../../src/domain/leaderboard/index.js';
import { displayScore } from '../../src/domain/rating/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { board, placePhoto, shanghai, signIn } from '../support/leaderboard.js';

/**
 * Provisional photos on the boards (issue 17, "placement you can see"): listed once they have
 * BOARD_MIN_COMPARISONS comparisons, marked provisional with their range, and ordered by the
 * range's low end, so a lucky start cannot lift a new photo over an established one. The test
 * clock starts on Saturday 2026-11-21 at 12:00 in Asia/Shanghai; the category has no reference
 * set, so scores and ranges are read against the prior (every place of the set is vacant).
 */
describe.each(dialects)('provisional photos on the boards on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let owner: Awaited<ReturnType<typeof signIn>>;
  const id: Record<string, number> = {};

  /** A photo with a strength μ and variance σ², its score read against the prior. */
  const place = async (
    name: string,
    facts: { mu: number; sigma2: number; comparisons: number; provisional: boolean },
  ) => {
    const score = displayScore(facts.mu, []);
    const photoId = await placePhoto(app, {
      userId: owner.id,
      categoryId: category,
      score,
      provisional: facts.provisional,
      comparisons: facts.comparisons,
      publishedAt: shanghai('2026-11-20T10:00:00'),
    });
    await app.db
      .updateTable('photos')
      .set({ mu: facts.mu, sigma2: facts.sigma2 })
      .where('id', '=', photoId)
      .execute();
    id[name] = photoId;
  };

  beforeAll(async () => {
    app = await createTestApp(dialect, { TZ_LEADERBOARD: 'Asia/Shanghai' });
    [category = 0] = await categoryIds(app);
    owner = await signIn(app, `owner-${dialect}`, 'Owner');
    // Established: scores 7.00 and 6.00 (μ chosen to give them).
    await place('established700', { mu: 1.12, sigma2: 0.05, comparisons: 60, provisional: false });
    await place('established600', { mu: 0.53, sigma2: 0.05, comparisons: 60, provisional: false });
    // Lucky: won its first matches, score about 8.9 but its range starts near 6.8.
    await place('lucky', { mu: 2, sigma2: 0.5, comparisons: 6, provisional: true });
    // Exactly the minimum: listed. One short of it: not.
    await place('steady', {
      mu: 0.5,
      sigma2: 0.2,
      comparisons: BOARD_MIN_COMPARISONS,
      provisional: true,
    });
    await place('tooFew', {
      mu: 3,
      sigma2: 0.5,
      comparisons: BOARD_MIN_COMPARISONS - 1,
      provisional: true,
    });
  });
  afterAll(() => app.close());

  const order = (answer: Awaited<ReturnType<typeof board>>) =>
    answer.items.map((item) => Object.keys(id).find((name) => id[name] === item.id));

  it('lists a provisional photo with a few comparisons, marked, with low ≤ score ≤ high', async () => {
    const all = await board(app, { category_id: category, period_type: 'all' }, owner.headers);
    const lucky = all.items.find((item) => item.id === id.lucky);
    expect(lucky).toMatchObject({ provisional: true });
    const range = lucky?.placement;
    expect(range).not.toBeNull();
    expect(range?.score_low).toBeLessThanOrEqual(lucky?.current_score ?? 0);
    expect(lucky?.current_score).toBeLessThanOrEqual(range?.score_high ?? 0);
    expect(range?.score_high ?? 0).toBeGreaterThan(range?.score_low ?? 0);
    expect(range?.matches_to_place).toBeGreaterThan(0);
    const established = all.items.find((item) => item.id === id.established700);
    expect(established).toMatchObject({ provisional: false, placement: null });
  });

  it('ranks a lucky newcomer by the low end of its range, under the established photo above it', async () => {
    const all = await board(app, { category_id: category, period_type: 'all' });
    const lucky = all.items.find((item) => item.id === id.lucky);
    // The premise: it scores higher than the 7.00 photo, whose score exceeds its low end.
    expect(lucky?.current_score).toBeGreaterThan(700);
    expect(lucky?.placement?.score_low).toBeLessThan(700);
    expect(order(all)).toEqual(['established700', 'lucky', 'established600', 'steady']);
    expect(all.items.map((item) => item.rank)).toEqual([1, 2, 3, 4]);
    expect(all.total_items).toBe(4);
  });

  it('leaves out a provisional photo below the minimum of comparisons', async () => {
    for (const period_type of ['all', 'week', 'month'] as const) {
      const answer = await board(app, { category_id: category, period_type });
      expect(answer.items.map((item) => item.id)).not.toContain(id.tooFew);
    }
  });

  it('pages by the same order: my best entry is the first of mine on the board', async () => {
    const page = await board(
      app,
      { category_id: category, period_type: 'all', page: 2, page_size: 1 },
      owner.headers,
    );
    expect(page.items.map((item) => item.id)).toEqual([id.lucky]);
    expect(page.items[0]).toMatchObject({ rank: 2, provisional: true, is_mine: true });
    expect(page.my_entry).toMatchObject({ id: id.established700, rank: 1 });
    expect(page.my_page).toBe(1);
  });

  it('freezes provisional photos with the range they had, in the same order', async () => {
    // Friday's day board has ended: its first read freezes it.
    const friday = { category_id: category, period_type: 'day', period_date: '2026-11-20' };
    const frozen = await board(app, friday);
    expect(frozen.frozen).toBe(true);
    expect(order(frozen)).toEqual(['established700', 'lucky', 'established600', 'steady']);
    const live = await board(app, { category_id: category, period_type: 'all' });
    const liveLucky = live.items.find((item) => item.id === id.lucky);
    const frozenLucky = frozen.items.find((item) => item.id === id.lucky);
    expect(frozenLucky).toMatchObject({ provisional: true, placement: liveLucky?.placement });
    // Later placement does not reach the frozen board.
    await app.db
      .updateTable('photos')
      .set({ sigma2: 0.05, provisional: 0, updated_at: app.clock.now() })
      .where('id', '=', id.lucky ?? 0)
      .execute();
    app.clock.advance(3000);
    expect(await board(app, friday)).toEqual(frozen);
  });
});
