import { ErrorCode, PERIOD_TYPES, pairSchema, sessionSchema, type Pair } from '@yanzhi/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { photoJpeg } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { SpecClient } from '../support/spec-client.js';

/**
 * Every call of spec §7 exactly as the host's own client sends it by default, signed out
 * (issue 16): code 0 wherever the request is otherwise valid. Signed in: spec-client-user.test.ts.
 */
describe.each(dialects)('the spec client signed out, call by call, on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let client: SpecClient;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_PAIRS_PER_MINUTE: '10000',
      RATE_LIMIT_REPORTS_PER_HOUR: '1000',
    });
    await app.services.demo.seed(4);
    [category = 0] = await categoryIds(app);
  });
  afterAll(() => app.close());

  beforeEach(() => {
    client = new SpecClient(app);
  });

  /** A pair served to the client, after the pause a person takes to look at it. */
  async function servedPair(): Promise<Pair> {
    const served = await client.getRandomPhotosForRating(category, undefined);
    expect(served.code, served.msg).toBe(0);
    app.clock.advance(1500);
    return pairSchema.parse(served.data);
  }

  it('get_categories: no body at all, or an empty object', async () => {
    const bare = await client.getCategories();
    expect(bare.code, bare.msg).toBe(0);
    expect((bare.data as unknown[]).length).toBeGreaterThan(0);
    expect((await client.post('/api/get_categories', {})).code).toBe(0);
  });

  it('get_leaderboard: period_date null, page 1, page_size 20, every period type', async () => {
    for (const periodType of [...PERIOD_TYPES, 'daily', 'weekly', 'monthly', 'total']) {
      const board = await client.getLeaderboard({ category_id: category, period_type: periodType });
      expect(board.code, `${periodType}: ${board.msg}`).toBe(0);
    }
  });

  it('get_random_photos_for_rating: user_id absent, null or the placeholder', async () => {
    for (const userId of [undefined, null, '', '1', 1]) {
      const pair = await client.getRandomPhotosForRating(category, userId);
      expect(pair.code, `${JSON.stringify(userId)}: ${pair.msg}`).toBe(0);
      expect(pairSchema.parse(pair.data).photos).toHaveLength(2);
    }
  });

  it('submit_photo_rating: the optional boosted_photo_id and user_id left out', async () => {
    const pair = await servedPair();
    const [winner, loser] = pair.photos;
    const voted = await client.submitPhotoRating({
      winner_photo_id: winner.id,
      loser_photo_id: loser.id,
    });
    expect(voted.code, voted.msg).toBe(0);
    // Sent as null, and as the placeholder, they are no different.
    const again = await servedPair();
    const nulls = await client.submitPhotoRating({
      winner_photo_id: again.photos[1].id,
      loser_photo_id: again.photos[0].id,
      boosted_photo_id: null,
      user_id: '1',
    });
    expect(nulls.code, nulls.msg).toBe(0);
  });

  it('get_user_vote_stats: user_id absent, null or the placeholder, with the device id', async () => {
    for (const userId of [undefined, null, '1']) {
      const stats = await client.getUserVoteStats(userId);
      expect(stats.code, `${JSON.stringify(userId)}: ${stats.msg}`).toBe(0);
    }
  });

  it('submit_photo_report: user_id "1", notes "", reasons in the reporter’s own words', async () => {
    const [photo] = (await servedPair()).photos;
    const zh = await client.submitPhotoReport({ photo_id: photo.id, reason: '色情低俗' });
    expect(zh.code, zh.msg).toBe(0);
    const other = new SpecClient(app);
    const en = await other.submitPhotoReport({
      photo_id: photo.id,
      reason: 'Heavy filter, not her',
    });
    expect(en.code, en.msg).toBe(0);
    const rows = await app.db
      .selectFrom('reports')
      .select(['reason', 'reason_text', 'notes', 'reporter_user_id', 'reporter_anonymous_id'])
      .where('photo_id', '=', photo.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        reason: 'sexual_content',
        reason_text: null,
        notes: '',
        reporter_user_id: null,
        reporter_anonymous_id: client.deviceId,
      },
      {
        reason: 'other',
        reason_text: 'Heavy filter, not her',
        notes: '',
        reporter_user_id: null,
        reporter_anonymous_id: other.deviceId,
      },
    ]);
  });

  it('submit_photo_report: control characters in the words never reach the database', async () => {
    const [photo] = (await servedPair()).photos;
    const sent = await client.submitPhotoReport({
      photo_id: photo.id,
      reason: 'blurry\u0000 photo',
      notes: 'line\u0000one\nline two',
    });
    expect(sent.code, sent.msg).toBe(0);
    const row = await app.db
      .selectFrom('reports')
      .select(['reason', 'reason_text', 'notes'])
      .where('reporter_anonymous_id', '=', client.deviceId)
      .executeTakeFirst();
    expect(row).toEqual({
      reason: 'other',
      reason_text: 'blurry photo',
      notes: 'lineone\nline two',
    });
  });

  it('delete_photo: refused as not signed in (spec §5), nothing deleted', async () => {
    const [photo] = (await servedPair()).photos;
    const refused = await client.deletePhoto(photo.id, undefined);
    expect(refused.code).toBe(ErrorCode.NOT_SIGNED_IN);
    const still = await app.db
      .selectFrom('photos')
      .select('state')
      .where('id', '=', photo.id)
      .executeTakeFirst();
    expect(still?.state).toBe('active');
  });

  it('login_by_cookie, then get_user_info and gen_share_image with the token in the body', async () => {
    const hostToken = app.hostToken(`spec-out-${dialect}`, { name: '小红' });
    const bare = await client.loginByCookie(hostToken);
    expect(bare.code, bare.msg).toBe(0);
    const inCookie = await client.loginByCookie(`lang=zh; host_token=${hostToken}; theme=dark`);
    expect(inCookie.code, inCookie.msg).toBe(0);
    const session = sessionSchema.parse(bare.data);
    // The client asks before it stores the token: access-token is still ''.
    const info = await client.getUserInfo(session.token);
    expect(info.code, info.msg).toBe(0);
    expect(info.data).toMatchObject({ id: session.userInfo.id });
    const owner = new SpecClient(app);
    owner.token = session.token;
    const uploaded = await owner.postForm(
      '/api/upload_photo',
      { category_id: String(category) },
      { bytes: await photoJpeg(61) },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    const card = await client.genShareImage(session.token);
    expect(card.code, card.msg).toBe(0);
    expect(card.data).toMatchObject({ url: expect.stringMatching(/^\/media\//) as unknown });
    const withFile = await client.genShareImage(session.token, { bytes: await photoJpeg(62) });
    expect(withFile.code, withFile.msg).toBe(0);
  });
});
