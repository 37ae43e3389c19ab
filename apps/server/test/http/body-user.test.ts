import { CALL_NAMES, ErrorCode, REPORT_DEFAULT_USER_ID, REPORT_REASONS } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';

interface Person {
  token: string;
  id: number;
}

describe.each(dialects)('a body user_id naming someone else (DESIGN §3) on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let login: (name: string) => Promise<Person>;
  beforeAll(async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_API_PER_MINUTE: '100000' });
    [category = 0] = await categoryIds(app);
    login = async (name) => {
      const result = await app.call('login_by_cookie', {
        cookie: app.hostToken(`${name}-${dialect}`),
      });
      const data = result.data as { token: string; userInfo: { id: number } };
      return { token: data.token, id: data.userInfo.id };
    };
  });
  afterAll(() => app.close());

  const signedIn = (person: Person) => ({ 'access-token': person.token });

  it('refuses delete_account with 40301 and deletes nobody', async () => {
    const alice = await login('alice-delete');
    const bob = await login('bob-delete');
    for (const userId of [bob.id, String(bob.id), 'someone', 0, -1]) {
      const refused = await app.call('delete_account', { user_id: userId }, signedIn(alice));
      expect(refused.code, String(userId)).toBe(ErrorCode.USER_MISMATCH);
    }
    const users = await app.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [alice.id, bob.id])
      .execute();
    expect(users).toHaveLength(2);
    expect((await app.call('get_user_info', {}, signedIn(alice))).code).toBe(0);
    // The caller's own id, or none at all, still deletes the caller.
    expect((await app.call('delete_account', { user_id: alice.id }, signedIn(alice))).code).toBe(0);
    const carol = await login('carol-delete');
    expect((await app.call('delete_account', { user_id: null }, signedIn(carol))).code).toBe(0);
  });

  it('refuses sign_out with 40301 and keeps the session', async () => {
    const alice = await login('alice-signout');
    const bob = await login('bob-signout');
    const refused = await app.call('sign_out', { user_id: bob.id }, signedIn(alice));
    expect(refused.code).toBe(ErrorCode.USER_MISMATCH);
    expect((await app.call('get_user_info', {}, signedIn(alice))).code).toBe(0);
    expect((await app.call('get_user_info', {}, signedIn(bob))).code).toBe(0);
    expect((await app.call('sign_out', { user_id: '' }, signedIn(alice))).code).toBe(0);
    expect((await app.call('get_user_info', {}, signedIn(alice))).code).toBe(
      ErrorCode.TOKEN_REVOKED,
    );
  });

  it('refuses every call of the contract for a signed-in caller naming someone else', async () => {
    const alice = await login('alice-every');
    const bob = await login('bob-every');
    for (const name of CALL_NAMES) {
      if (name === 'upload_photo') continue; // multipart: below
      for (const userId of [bob.id, String(bob.id)]) {
        const result = await app.call(name, { user_id: userId }, signedIn(alice));
        expect(result.code, `${name} ${JSON.stringify(userId)}`).toBe(ErrorCode.USER_MISMATCH);
        expect(result.status, name).toBe(200);
      }
    }
    const refusedUpload = await upload(
      app,
      { bytes: await photoJpeg(7) },
      { category_id: String(category), user_id: String(bob.id) },
      { headers: signedIn(alice) },
    );
    expect(refusedUpload.code).toBe(ErrorCode.USER_MISMATCH);
    const photos = await app.db.selectFrom('photos').select('id').execute();
    expect(photos).toHaveLength(0);
  });

  it('keeps the caller, null, absent, empty and the spec placeholder legal on every call', async () => {
    const alice = await login('alice-legal');
    const owner = await login('owner-legal');
    const uploaded = await upload(
      app,
      { bytes: await photoJpeg(11) },
      { category_id: String(category), user_id: String(owner.id) },
      { headers: signedIn(owner) },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    const photoId = (uploaded.data as { photo: { id: number } }).photo.id;
    expect(alice.id).not.toBe(Number(REPORT_DEFAULT_USER_ID));
    const placeholders = [REPORT_DEFAULT_USER_ID, Number(REPORT_DEFAULT_USER_ID)];
    for (const userId of [alice.id, String(alice.id), null, undefined, '', ...placeholders]) {
      const body = userId === undefined ? {} : { user_id: userId };
      const stats = await app.call('get_user_vote_stats', body, signedIn(alice));
      expect(stats.code, JSON.stringify(userId)).toBe(0);
    }
    for (const userId of placeholders) {
      const report = await app.call(
        'submit_photo_report',
        { photo_id: photoId, reason: REPORT_REASONS[0], user_id: userId },
        signedIn(alice),
      );
      // The second is the same reporter again: admitted, then answered "already reported".
      expect([0, ErrorCode.ALREADY_REPORTED], report.msg).toContain(report.code);
      const pair = await app.call(
        'get_random_photos_for_rating',
        { category_id: category, anonymous_id: 'web-legal', user_id: userId },
        signedIn(alice),
      );
      expect(pair.code, `${pair.msg} ${JSON.stringify(userId)}`).not.toBe(ErrorCode.USER_MISMATCH);
    }
    // The placeholder is "the caller" on every call: never a disagreement, never anyone else.
    for (const name of CALL_NAMES) {
      if (name === 'upload_photo' || name === 'delete_account' || name === 'sign_out') continue;
      for (const userId of placeholders) {
        const result = await app.call(name, { user_id: userId }, signedIn(alice));
        expect(result.code, `${name} ${JSON.stringify(userId)}`).not.toBe(ErrorCode.USER_MISMATCH);
      }
    }
    // Anonymous callers have no user to disagree with.
    const anonymous = await app.call('get_user_vote_stats', {
      user_id: owner.id,
      anonymous_id: 'web-anonymous-legal',
    });
    expect(anonymous.code).toBe(0);
  });
});
