import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, uploadPhotoResponseSchema } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { callFrom } from '../support/from-address.js';

describe.each(dialects)('reports, moderation, history and account deletion on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let seed = 0;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      REPORT_HIDE_THRESHOLD: '3',
      RATE_LIMIT_UPLOADS_PER_HOUR_USER: '1000',
      RATE_LIMIT_UPLOADS_PER_HOUR_IP: '1000',
    });
    [category = 0] = await categoryIds(app);
  });
  afterAll(() => app.close());

  async function signIn(name: string) {
    const login = await app.call('login_by_cookie', {
      cookie: app.hostToken(`${name}-${dialect}`),
    });
    const data = login.data as { token: string; userInfo: { id: number } };
    return { token: data.token, id: data.userInfo.id, headers: { 'access-token': data.token } };
  }

  async function photoOf(user: { headers: Record<string, string> }) {
    seed += 1;
    const result = await upload(
      app,
      { bytes: await photoJpeg(seed + (dialect === 'postgres' ? 5000 : 3000)) },
      { category_id: String(category) },
      { headers: user.headers },
    );
    expect(result.code, result.msg).toBe(0);
    return uploadPhotoResponseSchema.parse(result.data).photo;
  }

  const report = (
    photoId: number,
    device: string,
    extra: Record<string, unknown> = {},
    headers = {},
  ) =>
    app.call(
      'submit_photo_report',
      { photo_id: photoId, reason: 'spam_or_ads', ...extra },
      { 'device-id': device, ...headers },
    );

  it("takes one report per reporter, refuses one's own photo, and hides on 3 neighbourhoods with standing", async () => {
    const owner = await signIn('uploader');
    const photo = await photoOf(owner);
    expect((await report(photo.id, 'web-own', {}, owner.headers)).code).toBe(ErrorCode.FORBIDDEN);
    // Any wording is taken (spec-client.test.ts); an empty reason is not.
    for (const reason of ['', '  \u3000 ', 42]) {
      const refused = await report(photo.id, 'web-r1', { reason });
      expect(refused.code, JSON.stringify(reason)).toBe(ErrorCode.VALIDATION_FAILED);
      expect(refused.data).toMatchObject({ field: 'reason' });
    }
    const first = await report(photo.id, 'web-r1', { notes: '广告' });
    expect(first).toMatchObject({ code: 0, data: { photo_id: photo.id } });
    expect((await report(photo.id, 'web-r1')).code).toBe(ErrorCode.ALREADY_REPORTED);
    expect((await report(photo.id, 'web-r2')).code).toBe(0);
    const state = () =>
      app.db
        .selectFrom('photos')
        .select('state')
        .where('id', '=', photo.id)
        .executeTakeFirstOrThrow();
    expect((await state()).state).toBe('active');
    // Three fresh anonymous ids hide nothing (issue 14): ids cost nothing to make.
    expect((await report(photo.id, 'web-r3')).code).toBe(0);
    expect((await state()).state).toBe('active');
    // Three signed-in reporters from three neighbourhoods do.
    for (const [n, address] of ['203.0.113.5', '198.51.100.5', '192.0.2.5'].entries()) {
      const reporter = await signIn(`reporter-${n}`);
      const sent = await callFrom(
        app,
        address,
        'submit_photo_report',
        { photo_id: photo.id, reason: 'spam_or_ads' },
        reporter.headers,
      );
      expect(sent.code).toBe(0);
    }
    expect((await state()).state).toBe('hidden');
    for (let round = 0; round < 8; round += 1) {
      const pair = await app.call('get_random_photos_for_rating', {
        category_id: category,
        anonymous_id: `web-look-${round}`,
      });
      const ids =
        (pair.data as { photos?: { id: number }[] } | null)?.photos?.map((p) => p.id) ?? [];
      expect(ids).not.toContain(photo.id);
    }
    expect((await report(987654, 'web-r4')).code).toBe(ErrorCode.PHOTO_NOT_FOUND);
  });

  it('lets only moderators see the queue and decide; every decision is logged and shown to the owner', async () => {
    const owner = await signIn('owner2');
    const photo = await photoOf(owner);
    await report(photo.id, 'web-m1', { reason: 'sexual_content', notes: '不雅' });
    const someone = await signIn('someone');
    expect((await app.call('get_moderation_queue', {}, someone.headers)).code).toBe(
      ErrorCode.FORBIDDEN,
    );
    expect(
      (
        await app.call(
          'moderate_photo',
          { photo_id: photo.id, decision: 'remove' },
          someone.headers,
        )
      ).code,
    ).toBe(ErrorCode.FORBIDDEN);
    expect((await app.call('get_moderation_queue', {})).code).toBe(ErrorCode.NOT_SIGNED_IN);

    const moderator = await signIn('moderator');
    await app.services.users.setRole(moderator.id, 'moderator', app.clock.now());
    const queue = await app.call('get_moderation_queue', {}, moderator.headers);
    expect(queue.code).toBe(0);
    const item = (
      queue.data as {
        items: { photo_id: number; reasons: { reason: string }[]; notes: string[] }[];
      }
    ).items.find((entry) => entry.photo_id === photo.id);
    expect(item?.reasons).toEqual([{ reason: 'sexual_content', count: 1 }]);
    expect(item?.notes).toEqual(['不雅']);

    const removed = await app.call(
      'moderate_photo',
      { photo_id: photo.id, decision: 'remove' },
      moderator.headers,
    );
    expect(removed).toMatchObject({
      code: 0,
      data: { photo_id: photo.id, state: 'removed', owner_banned: false },
    });
    const mine = await app.call('get_my_photos', {}, owner.headers);
    const shown = (
      mine.data as { photos: { id: number; state: string; state_reason: string | null }[] }
    ).photos.find((entry) => entry.id === photo.id);
    expect(shown).toMatchObject({ state: 'removed', state_reason: 'sexual_content' });
    const log = await app.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('photo_id', '=', photo.id)
      .execute();
    expect(log.map((entry) => [entry.decision, entry.moderator_id])).toEqual([
      ['remove', moderator.id],
    ]);

    const again = await photoOf(owner);
    await report(again.id, 'web-m2');
    const banned = await app.call(
      'moderate_photo',
      { photo_id: again.id, decision: 'ban' },
      moderator.headers,
    );
    expect(banned).toMatchObject({ code: 0, data: { owner_banned: true } });
    expect((await app.call('get_user_info', {}, owner.headers)).code).toBe(
      ErrorCode.ACCOUNT_BANNED,
    );
  });

  it('keeps a moderator’s reasons without control characters (PostgreSQL text holds no NUL)', async () => {
    const owner = await signIn('nul-owner');
    const photo = await photoOf(owner);
    await report(photo.id, 'web-nul');
    const moderator = await signIn('nul-moderator');
    await app.services.users.setRole(moderator.id, 'moderator', app.clock.now());
    const banned = await app.call(
      'moderate_photo',
      { photo_id: photo.id, decision: 'ban', reason: 'fake\u0000 account ' },
      moderator.headers,
    );
    expect(banned, banned.msg).toMatchObject({ code: 0, data: { owner_banned: true } });
    const unbanned = await app.call(
      'unban_user',
      { target_user_id: owner.id, reason: 'appeal\u0007 accepted' },
      moderator.headers,
    );
    expect(unbanned.code, unbanned.msg).toBe(0);
    const log = await app.db
      .selectFrom('moderation_log')
      .select('reason')
      .where('photo_id', '=', photo.id)
      .execute();
    expect(log.map((entry) => entry.reason)).toContain('fake account');
  });

  it('keeps a daily score history per photo, for its owner only', async () => {
    const owner = await signIn('historian');
    const photo = await photoOf(owner);
    await app.services.refit.refitAll();
    app.clock.advance(86_400_000);
    await app.services.refit.refitAll();
    const history = await app.call('get_photo_history', { photo_id: photo.id }, owner.headers);
    expect(history.code).toBe(0);
    const points = (history.data as { points: { date: string; score: number }[] }).points;
    expect(points).toHaveLength(2);
    expect((points[0]?.date ?? '') < (points[1]?.date ?? '')).toBe(true);
    const other = await signIn('nosy');
    expect((await app.call('get_photo_history', { photo_id: photo.id }, other.headers)).code).toBe(
      ErrorCode.FORBIDDEN,
    );
  });

  it('deletes an account with its photos, files and personal data', async () => {
    const leaver = await signIn('leaver');
    const photo = await photoOf(leaver);
    const files = [photo.image.url, photo.image.medium_url ?? '', photo.image.thumb_url].map(
      (url) => path.join(app.config.mediaDir, url.replace('/media/', '')),
    );
    expect(photo.image.medium_url).not.toBeNull();
    expect(files.every((file) => fs.existsSync(file))).toBe(true);
    expect((await app.call('delete_account', {}, leaver.headers)).data).toEqual({ deleted: true });
    expect(files.filter((file) => fs.existsSync(file))).toEqual([]);
    expect(
      await app.db.selectFrom('users').selectAll().where('id', '=', leaver.id).execute(),
    ).toHaveLength(0);
    expect(
      await app.db.selectFrom('photos').selectAll().where('user_id', '=', leaver.id).execute(),
    ).toHaveLength(0);
    expect(
      await app.db.selectFrom('sessions').selectAll().where('user_id', '=', leaver.id).execute(),
    ).toHaveLength(0);
    expect((await app.call('get_user_info', {}, leaver.headers)).code).toBe(
      ErrorCode.TOKEN_INVALID,
    );
  });
});
