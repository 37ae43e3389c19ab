import {
  ERROR_MESSAGES,
  ErrorCode,
  moderationQueueResponseSchema,
  pairSchema,
  sessionSchema,
  uploadPhotoResponseSchema,
  userInfoSchema,
  voteStatsSchema,
  type Pair,
} from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoJpeg } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { SpecClient } from '../support/spec-client.js';

/** How the spec client holds its token: the host's own (spec §2), or a session it exchanged. */
const SIGN_INS = ['host token', 'session token'] as const;
type SignIn = (typeof SIGN_INS)[number];

interface SignedIn {
  client: SpecClient;
  id: number;
}

/**
 * Every call of spec §7 exactly as the host's own client sends it, signed in (issue 16): the
 * placeholder `user_id: '1'` is the caller on every call, and another real user's id is still
 * refused with 40301 and changes nothing.
 */
describe.each(dialects)('the spec client signed in, call by call, on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let people = 0;
  let photoSeed = 100;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_PAIRS_PER_MINUTE: '10000',
      RATE_LIMIT_REPORTS_PER_HOUR: '1000',
      RATE_LIMIT_UPLOADS_PER_HOUR_USER: '1000',
      RATE_LIMIT_UPLOADS_PER_HOUR_IP: '1000',
    });
    // Demo owners come first, so user 1 is someone else than every signed-in caller here.
    await app.services.demo.seed(4);
    [category = 0] = await categoryIds(app);
  });
  afterAll(() => app.close());

  async function signIn(how: SignIn): Promise<SignedIn> {
    const client = new SpecClient(app);
    const hostToken = app.hostToken(`spec-${dialect}-${(people += 1)}`, { name: `用户${people}` });
    if (how === 'host token') {
      client.token = hostToken;
    } else {
      const login = await client.loginByCookie(hostToken);
      expect(login.code, login.msg).toBe(0);
      client.token = sessionSchema.parse(login.data).token;
    }
    const info = await client.getUserInfo(client.token);
    expect(info.code, info.msg).toBe(0);
    const { id } = userInfoSchema.parse(info.data);
    expect(id).not.toBe(1);
    return { client, id };
  }

  async function servedPair(client: SpecClient, userId: number | string | null): Promise<Pair> {
    const served = await client.getRandomPhotosForRating(category, userId);
    expect(served.code, `${JSON.stringify(userId)}: ${served.msg}`).toBe(0);
    app.clock.advance(1500);
    return pairSchema.parse(served.data);
  }

  async function uploadBy(client: SpecClient): Promise<number> {
    const sent = await client.postForm(
      '/api/upload_photo',
      { category_id: String(category) },
      { bytes: await photoJpeg((photoSeed += 1)) },
    );
    expect(sent.code, sent.msg).toBe(0);
    return uploadPhotoResponseSchema.parse(sent.data).photo.id;
  }

  /** The reports on a photo (by these reporters: the sign-ins may pick the same photo). */
  const reportsOf = (photoId: number, reporters?: number[]) =>
    app.db
      .selectFrom('reports')
      .select(['reason', 'reason_text', 'notes', 'reporter_user_id', 'reporter_anonymous_id'])
      .where('photo_id', '=', photoId)
      .$if(reporters !== undefined, (query) =>
        query.where('reporter_user_id', 'in', reporters ?? []),
      )
      .orderBy('id')
      .execute();

  it.each(SIGN_INS)('categories, boards and login_by_cookie holding a token (%s)', async (how) => {
    const { client, id } = await signIn(how);
    const categories = await client.getCategories();
    expect(categories.code, categories.msg).toBe(0);
    for (const periodType of ['day', 'all']) {
      const board = await client.getLeaderboard({ category_id: category, period_type: periodType });
      expect(board.code, `${periodType}: ${board.msg}`).toBe(0);
    }
    const again = await client.loginByCookie(app.hostToken(`spec-${dialect}-${people}`));
    expect(again.code, again.msg).toBe(0);
    expect(sessionSchema.parse(again.data).userInfo.id).toBe(id);
  });

  it.each(SIGN_INS)(
    'pairs, votes and stats: user_id the user’s, the placeholder or none (%s)',
    async (how) => {
      const { client, id } = await signIn(how);
      for (const userId of [id, String(id), '1', 1, null]) {
        const pair = await servedPair(client, userId);
        const voted = await client.submitPhotoRating({
          winner_photo_id: pair.photos[0].id,
          loser_photo_id: pair.photos[1].id,
          user_id: userId,
        });
        expect(voted.code, `${JSON.stringify(userId)}: ${voted.msg}`).toBe(0);
      }
      for (const userId of [id, '1', null, undefined]) {
        const stats = await client.getUserVoteStats(userId);
        expect(stats.code, `${JSON.stringify(userId)}: ${stats.msg}`).toBe(0);
        // The caller's own stats, whatever the placeholder says.
        expect(voteStatsSchema.parse(stats.data).total_votes).toBe(5);
      }
    },
  );

  it.each(SIGN_INS)(
    'reports with user_id "1", notes "" and free-text reasons (%s)',
    async (how) => {
      const [photo] = (await servedPair((await signIn(how)).client, null)).photos;
      const zh = await signIn(how);
      const sentZh = await zh.client.submitPhotoReport({ photo_id: photo.id, reason: '涉黄' });
      expect(sentZh.code, sentZh.msg).toBe(0);
      const en = await signIn(how);
      const sentEn = await en.client.submitPhotoReport({ photo_id: photo.id, reason: 'SPAM' });
      expect(sentEn.code, sentEn.msg).toBe(0);
      const free = await signIn(how);
      const words = '照片里有别人的电话号码';
      const sentFree = await free.client.submitPhotoReport({ photo_id: photo.id, reason: words });
      expect(sentFree.code, sentFree.msg).toBe(0);
      expect(await reportsOf(photo.id, [zh.id, en.id, free.id])).toEqual(
        [
          { reason: 'sexual_content', reason_text: null, notes: '', reporter_user_id: zh.id },
          { reason: 'spam_or_ads', reason_text: null, notes: '', reporter_user_id: en.id },
          { reason: 'other', reason_text: words, notes: '', reporter_user_id: free.id },
        ].map((row) => ({ ...row, reporter_anonymous_id: null })),
      );

      const moderator = await signIn(how);
      await app.services.users.setRole(moderator.id, 'moderator', app.clock.now());
      const queue = await moderator.client.post('/api/get_moderation_queue', {});
      expect(queue.code, queue.msg).toBe(0);
      const item = moderationQueueResponseSchema
        .parse(queue.data)
        .items.find((entry) => entry.photo_id === photo.id);
      expect(item?.reports.map((report) => [report.reason, report.reason_text])).toEqual(
        expect.arrayContaining([
          ['sexual_content', null],
          ['spam_or_ads', null],
          ['other', words],
        ]),
      );
    },
  );

  it.each(SIGN_INS)(
    'deletes its own photos with user_id its id or the placeholder (%s)',
    async (how) => {
      const { client, id } = await signIn(how);
      const first = await uploadBy(client);
      const second = await uploadBy(client);
      // Spec §4 keeps a user's last photo: a third stays.
      const kept = await uploadBy(client);
      const byId = await client.deletePhoto(first, id);
      expect(byId.code, byId.msg).toBe(0);
      const byPlaceholder = await client.deletePhoto(second, '1');
      expect(byPlaceholder.code, byPlaceholder.msg).toBe(0);
      // The spec client's delete fails (success false) with the server's message (spec §8).
      const last = await client.deletePhoto(kept, id);
      expect(last.code).toBe(ErrorCode.LAST_PHOTO);
      expect(last.msg).toBe(ERROR_MESSAGES[ErrorCode.LAST_PHOTO].zh);
      const left = await app.db
        .selectFrom('photos')
        .select('state')
        .where('id', 'in', [first, second])
        .execute();
      // Tombstones: the votes they took part in still count for the other photos.
      expect(left).toEqual([{ state: 'deleted' }, { state: 'deleted' }]);
    },
  );

  it.each(SIGN_INS)(
    'get_user_info and gen_share_image with the token in the body too (%s)',
    async (how) => {
      const { client, id } = await signIn(how);
      await uploadBy(client);
      const info = await client.getUserInfo(client.token);
      expect(info.code, info.msg).toBe(0);
      expect(userInfoSchema.parse(info.data).id).toBe(id);
      const card = await client.genShareImage(client.token);
      expect(card.code, card.msg).toBe(0);
      // A JSON body cannot carry a file: a `file` there (null, '') is dropped, the same card.
      for (const file of [null, '']) {
        const same = await client.post('/api/gen_share_image', { token: client.token, file });
        expect(same.code, same.msg).toBe(0);
        expect(same.data).toEqual(card.data);
      }
      const withFile = await client.genShareImage(client.token, { bytes: await photoJpeg(7) });
      expect(withFile.code, withFile.msg).toBe(0);
    },
  );

  it.each(SIGN_INS)(
    'still refuses another real user’s id with 40301, changing nothing (%s)',
    async (how) => {
      const { client } = await signIn(how);
      const other = await signIn(how);
      const otherPhoto = await uploadBy(other.client);
      const pair = await servedPair(client, null);
      for (const userId of [other.id, String(other.id)]) {
        const refused = [
          await client.getRandomPhotosForRating(category, userId),
          await client.submitPhotoRating({
            winner_photo_id: pair.photos[0].id,
            loser_photo_id: pair.photos[1].id,
            user_id: userId,
          }),
          await client.getUserVoteStats(userId),
          await client.submitPhotoReport({ photo_id: otherPhoto, reason: 'spam', user_id: userId }),
          await client.deletePhoto(otherPhoto, userId),
        ];
        expect(refused.map((result) => result.code)).toEqual(
          refused.map(() => ErrorCode.USER_MISMATCH),
        );
      }
      expect(await reportsOf(otherPhoto)).toEqual([]);
      const stats = voteStatsSchema.parse((await client.getUserVoteStats(null)).data);
      expect(stats.total_votes).toBe(0);
      const kept = await app.db
        .selectFrom('photos')
        .select('state')
        .where('id', '=', otherPhoto)
        .executeTakeFirst();
      expect(kept?.state).toBe('active');
    },
  );
});
