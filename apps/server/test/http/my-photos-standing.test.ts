import { myPhotosPageSchema, uploadPhotoResponseSchema, type MyPhoto } from '@yanzhi/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { board, placePhoto, signIn } from '../support/leaderboard.js';

/**
 * Issue 17 "profile truth": get_my_photos tells each photo's place on its all-time board (the
 * board's own number, never the spec's client default 123) and how far its placement has come.
 */
describe.each(dialects)('get_my_photos rank and placement on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let other = 0;
  beforeEach(async () => {
    app = await createTestApp(dialect);
    [category = 0, other = 0] = await categoryIds(app);
  });
  afterEach(() => app.close());

  async function myPhotos(headers: Record<string, string>): Promise<Map<number, MyPhoto>> {
    const result = await app.call('get_my_photos', {}, headers);
    expect(result.code, result.msg).toBe(0);
    const page = myPhotosPageSchema.parse(result.data);
    return new Map(page.photos.map((photo) => [photo.id, photo]));
  }

  const established = (userId: number, score: number, categoryId = category) =>
    placePhoto(app, { userId, categoryId, score, publishedAt: app.clock.now() - 60_000 });

  it('gives the all-time board’s rank, the one get_leaderboard’s my_entry shows', async () => {
    const alice = await signIn(app, `alice-${dialect}`, 'Alice');
    const bob = await signIn(app, `bob-${dialect}`, 'Bob');
    await established(bob.id, 910);
    const aliceBest = await established(alice.id, 820);
    await established(bob.id, 760);
    const aliceSecond = await established(alice.id, 700);
    const aliceElsewhere = await established(alice.id, 650, other);
    const hidden = await placePhoto(app, {
      userId: alice.id,
      categoryId: category,
      score: 990,
      publishedAt: app.clock.now() - 60_000,
      state: 'hidden',
    });

    const mine = await myPhotos(alice.headers);
    const allTime = await board(
      app,
      { category_id: category, period_type: 'all', page_size: 50 },
      alice.headers,
    );
    expect(allTime.my_entry?.id).toBe(aliceBest);
    expect(mine.get(aliceBest)?.rank).toBe(allTime.my_entry?.rank);
    expect(mine.get(aliceBest)?.rank).toBe(2);
    const second = allTime.items.find((item) => item.id === aliceSecond);
    expect(mine.get(aliceSecond)?.rank).toBe(second?.rank);
    expect(mine.get(aliceSecond)?.rank).toBe(4);
    // Its own category's board, not the first one's.
    const elsewhere = await board(app, { category_id: other, period_type: 'all' }, alice.headers);
    expect(mine.get(aliceElsewhere)?.rank).toBe(elsewhere.my_entry?.rank);
    expect(mine.get(aliceElsewhere)?.rank).toBe(1);
    // A photo off the board has no rank, whatever its score.
    expect(mine.get(hidden)?.rank).toBeNull();
    // Established photos are placed: no range.
    for (const id of [aliceBest, aliceSecond, aliceElsewhere]) {
      expect(mine.get(id)?.placement).toBeNull();
    }
  });

  it('follows the board when another photo passes it', async () => {
    const alice = await signIn(app, `alice-${dialect}`, 'Alice');
    const bob = await signIn(app, `bob-${dialect}`, 'Bob');
    const photo = await established(alice.id, 800);
    expect((await myPhotos(alice.headers)).get(photo)?.rank).toBe(1);
    await established(bob.id, 850);
    app.clock.advance(60_000);
    const allTime = await board(app, { category_id: category, period_type: 'all' }, alice.headers);
    expect(allTime.my_entry?.rank).toBe(2);
    expect((await myPhotos(alice.headers)).get(photo)?.rank).toBe(2);
  });

  it('shows a provisional photo’s matches to go and a range around its score', async () => {
    const result = await upload(
      app,
      { bytes: await photoJpeg(dialect === 'postgres' ? 71 : 17) },
      { category_id: String(category) },
      { headers: { 'device-id': `web-placement-${dialect}` } },
    );
    expect(result.code, result.msg).toBe(0);
    const uploaded = uploadPhotoResponseSchema.parse(result.data);
    const headers = { 'access-token': uploaded.token ?? '' };
    // The upload's own answer already tells the truth.
    expect(uploaded.photo.placement?.matches_to_place).toBeGreaterThanOrEqual(1);

    const fresh = (await myPhotos(headers)).get(uploaded.photo.id);
    expect(fresh?.provisional).toBe(true);
    expect(fresh?.rank).toBeNull();
    const placement = fresh?.placement;
    expect(placement).not.toBeNull();
    if (!fresh || !placement) return;
    expect(placement.matches_to_place).toBeGreaterThanOrEqual(1);
    expect(placement.score_low).toBeLessThan(fresh.current_score);
    expect(placement.score_high).toBeGreaterThan(fresh.current_score);

    // Matches narrow the range and bring the count down (σ² as the engine leaves it).
    await app.db
      .updateTable('photos')
      .set({ sigma2: 0.3, comparisons: 20 })
      .where('id', '=', fresh.id)
      .execute();
    const older = (await myPhotos(headers)).get(fresh.id)?.placement;
    expect(older?.matches_to_place).toBeLessThan(placement.matches_to_place);
    expect(older?.matches_to_place).toBeGreaterThanOrEqual(1);
    expect(older?.score_low).toBeGreaterThan(placement.score_low);
    expect(older?.score_high).toBeLessThan(placement.score_high);

    // Once the engine calls it established, the range is gone.
    await app.db
      .updateTable('photos')
      .set({ sigma2: 0.1, provisional: 0, comparisons: 40 })
      .where('id', '=', fresh.id)
      .execute();
    expect((await myPhotos(headers)).get(fresh.id)?.placement).toBeNull();
  });
});
