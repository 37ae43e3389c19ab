import { ErrorCode, publicPhotoSchema, type PublicPhoto } from '@yanzhi/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placementOf } from '../../src/domain/rating/index.js';
import { BOARD_MIN_COMPARISONS } from '../../src/domain/leaderboard/index.js';
import { firstCategoryId } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';
import { board, placePhoto, signIn } from '../support/leaderboard.js';

describe.each(dialects)('get_photo on %s', (dialect) => {
  let app: TestApp;
  let categoryId: number;
  beforeEach(async () => {
    app = await createTestApp(dialect);
    categoryId = await firstCategoryId(app);
  });
  afterEach(() => app.close());

  async function photo(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const result = await app.call('get_photo', body, headers);
    expect(result.code, result.msg).toBe(0);
    return publicPhotoSchema.parse(result.data);
  }

  async function refusal(body: unknown, headers: Record<string, string> = {}) {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/get_photo',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ code: number; data: unknown }>();
  }

  /** Three ranked photos of three owners and one provisional photo of a fourth. */
  async function category() {
    const owners = await Promise.all(
      ['ann', 'bob', 'cai', 'dan'].map((name) => signIn(app, name, `Name ${name}`)),
    );
    const [ann, bob, cai, dan] = owners as [
      (typeof owners)[0],
      (typeof owners)[0],
      (typeof owners)[0],
      (typeof owners)[0],
    ];
    const at = app.clock.now() - 60_000;
    const place = (userId: number, score: number, provisional = false) =>
      placePhoto(app, { userId, categoryId, score, publishedAt: at, provisional });
    const ids = {
      top: await place(ann.id, 820),
      middle: await place(bob.id, 700),
      low: await place(cai.id, 610),
      fresh: await place(dan.id, 500, true),
    };
    await app.db
      .updateTable('photos')
      .set({ comparisons: 52, wins: 31 })
      .where('id', '=', ids.middle)
      .execute();
    // Below the boards' minimum of comparisons: not listed yet.
    await app.db
      .updateTable('photos')
      .set({ comparisons: BOARD_MIN_COMPARISONS - 1 })
      .where('id', '=', ids.fresh)
      .execute();
    app.clock.advance(60_000);
    return { ann, bob, cai, dan, ids };
  }

  it('answers every field of an active photo, with the rank get_leaderboard gives', async () => {
    const { bob, ids } = await category();
    const page = await photo({ photo_id: ids.middle });
    const all = await board(app, { category_id: categoryId, period_type: 'all' });
    const onBoard = all.items.find((item) => item.id === ids.middle);
    expect(onBoard?.rank).toBe(2);
    expect(page).toEqual<PublicPhoto>({
      id: ids.middle,
      category_id: categoryId,
      image: expect.objectContaining({
        url: expect.stringMatching(/^\/media\/p\/test-700-/) as string,
        thumb_url: expect.stringMatching(/^\/media\//) as string,
        width: 600,
        height: 800,
        placeholder: 'data:image/webp;base64,AAAA',
      }) as PublicPhoto['image'],
      current_score: 700,
      provisional: false,
      placement: null,
      rank: onBoard?.rank ?? -1,
      board_total: all.total_items,
      comparisons: 52,
      wins: 31,
      owner_name: 'Name bob',
      is_mine: false,
      state: 'active',
      created_at: expect.any(String) as string,
    });
    expect(page.board_total).toBe(3);
    // The owner reads the same page, marked as theirs.
    expect(await photo({ photo_id: ids.middle }, bob.headers)).toMatchObject({
      is_mine: true,
      rank: 2,
    });
  });

  it('shows a provisional photo with its placement and no rank', async () => {
    const { dan, ids } = await category();
    await app.db
      .updateTable('photos')
      .set({ mu: 0.4, sigma2: 0.3 })
      .where('id', '=', ids.fresh)
      .execute();
    app.clock.advance(60_000);
    const page = await photo({ photo_id: ids.fresh }, dan.headers);
    // The category has no reference set: its every place is the prior's.
    const expected = placementOf(0.4, 0.3, []);
    expect(expected).not.toBeNull();
    expect(page).toMatchObject({
      provisional: true,
      rank: null,
      board_total: 3,
      is_mine: true,
      placement: {
        matches_to_place: expected?.matchesToPlace,
        score_low: expected?.scoreLow,
        score_high: expected?.scoreHigh,
      },
    });
    const placement = page.placement;
    expect(placement?.matches_to_place).toBeGreaterThanOrEqual(1);
    expect(placement?.score_low).toBeLessThan(placement?.score_high ?? 0);
  });

  it('gives a provisional photo with a few comparisons the rank its board gives', async () => {
    const { ids } = await category();
    await app.db
      .updateTable('photos')
      .set({ mu: 0.4, sigma2: 0.3, comparisons: BOARD_MIN_COMPARISONS + 3 })
      .where('id', '=', ids.fresh)
      .execute();
    app.clock.advance(60_000);
    const page = await photo({ photo_id: ids.fresh });
    const all = await board(app, { category_id: categoryId, period_type: 'all' });
    const onBoard = all.items.find((item) => item.id === ids.fresh);
    expect(onBoard?.provisional).toBe(true);
    expect(page).toMatchObject({
      provisional: true,
      rank: onBoard?.rank,
      board_total: all.total_items,
    });
    expect(page.board_total).toBe(4);
  });

  it('answers 40402 for a hidden, removed, deleted or unknown photo, and no more', async () => {
    const { ann, cai, dan, ids } = await category();
    const set = async (id: number, state: 'hidden' | 'removed' | 'deleted') => {
      await app.db.updateTable('photos').set({ state }).where('id', '=', id).execute();
    };
    await set(ids.top, 'hidden');
    await set(ids.low, 'removed');
    const unknown = ids.fresh + 1000;
    const answers = [];
    for (const id of [ids.top, ids.low, unknown]) {
      for (const headers of [{}, dan.headers]) {
        answers.push(await app.call('get_photo', { photo_id: id }, headers));
      }
    }
    for (const answer of answers) {
      expect(answer.code).toBe(ErrorCode.PHOTO_NOT_FOUND);
      expect(answer.data).toBeNull();
    }
    // The same message for all: nothing tells a hidden photo from one that never was.
    expect(new Set(answers.map((answer) => answer.msg)).size).toBe(1);
    // Another signed-in user is no owner.
    const other = await app.call('get_photo', { photo_id: ids.top }, cai.headers);
    expect(other.code).toBe(ErrorCode.PHOTO_NOT_FOUND);

    // Its owner sees their own hidden or removed photo with its state, never a deleted one.
    expect(await photo({ photo_id: ids.top }, ann.headers)).toMatchObject({
      state: 'hidden',
      is_mine: true,
      rank: null,
    });
    expect(await photo({ photo_id: ids.low }, cai.headers)).toMatchObject({ state: 'removed' });
    await set(ids.low, 'deleted');
    const deleted = await app.call('get_photo', { photo_id: ids.low }, cai.headers);
    expect(deleted.code).toBe(ErrorCode.PHOTO_NOT_FOUND);
  });

  it('refuses bad ids with 40001 and names the field', async () => {
    for (const body of [
      {},
      { photo_id: 0 },
      { photo_id: -3 },
      { photo_id: 1.5 },
      { photo_id: 'abc' },
      { photo_id: null },
      { photo_id: 2 ** 60 },
    ]) {
      const answer = await refusal(body);
      expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.VALIDATION_FAILED);
      expect(JSON.stringify(answer.data)).toContain('photo_id');
    }
    expect((await refusal('not json at all')).code).not.toBe(0);
  });

  it('answers a visitor without any session, and a stale token like no token', async () => {
    const { ids } = await category();
    expect((await photo({ photo_id: ids.top })).rank).toBe(1);
    // A public page: a token the server refuses is read as no session, never as an owner.
    const stale = await app.call('get_photo', { photo_id: ids.top }, { 'access-token': 'at_x' });
    expect(stale.code).toBe(0);
    expect(publicPhotoSchema.parse(stale.data).is_mine).toBe(false);
  });
});
