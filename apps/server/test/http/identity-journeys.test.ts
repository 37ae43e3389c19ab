import {
  ErrorCode,
  sessionSchema,
  signInMethodsSchema,
  uploadPhotoResponseSchema,
  voteStatsSchema,
} from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCategoryId, photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { beginRegistration, passkeySignIn, savedPasskey, signedIn } from '../support/identity.js';

describe.each(dialects)('standalone identity journeys on %s', (dialect) => {
  let app: TestApp;
  let category: number;

  beforeAll(async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_LOGIN_PER_MINUTE: '10000' });
    await app.services.demo.seed(8);
    [category = 0] = await categoryIds(app);
  });
  afterAll(() => app.close());

  it('lets a device account save a passkey and come back to its photo on a fresh device', async () => {
    const uploaded = await upload(
      app,
      { bytes: await photoJpeg(16) },
      { category_id: String(await firstCategoryId(app)) },
      { headers: { 'device-id': `web-uploader-${dialect}` } },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    const { photo } = uploadPhotoResponseSchema.parse(uploaded.data);
    const account = sessionSchema.parse(uploaded.data);
    expect(account.userInfo.is_device_account).toBe(true);
    const before = signInMethodsSchema.parse(
      (await app.call('get_sign_in_methods', {}, { 'access-token': account.token })).data,
    );
    expect(before).toMatchObject({ passkeys: [], can_return: false, host_linked: false });
    expect(before.photo_count).toBe(1);

    const authenticator = await savedPasskey(app, account.token);
    await app.call('sign_out', {}, { 'access-token': account.token });
    const back = sessionSchema.parse((await passkeySignIn(app, authenticator)).data);
    expect(back.userInfo).toMatchObject({ id: account.userInfo.id, is_device_account: true });
    const mine = await app.call('get_my_photos', {}, { 'access-token': back.token });
    expect(mine.code, mine.msg).toBe(0);
    expect((mine.data as { photos: { id: number }[] }).photos.map((p) => p.id)).toEqual([photo.id]);
    // Treated as its owner: refused only because it is the account's last photo (spec §4),
    // never as someone else's (40300).
    const deleted = await app.call(
      'delete_photo',
      { photo_id: photo.id },
      { 'access-token': back.token },
    );
    expect(deleted.code, deleted.msg).toBe(ErrorCode.LAST_PHOTO);
  });

  it('merges the visitor’s anonymous votes and fuel into the account after a passkey sign-in', async () => {
    const owner = await signedIn(app, `merge-${dialect}`);
    const authenticator = await savedPasskey(app, owner.token);
    const visitor = `web-visitor-${dialect}`;
    let earned = 0;
    for (let round = 0; round < 3; round += 1) {
      const pair = await servePair(app, category, visitor);
      earned += parseVote(await vote(app, pair, visitor)).fuel_earned;
    }
    expect(earned).toBeGreaterThan(0);
    const statsOf = async (token: string) =>
      voteStatsSchema.parse(
        (await app.call('get_user_vote_stats', {}, { 'access-token': token })).data,
      );
    const fuelBefore = (await statsOf(owner.token)).fuel;

    const answer = await passkeySignIn(app, authenticator, {}, { 'device-id': visitor });
    const session = sessionSchema.parse(answer.data);
    expect(session.userInfo.id).toBe(owner.userInfo.id);
    // The web app's next call names its device id, as after any sign-in (ADR 0022).
    const merged = await app.call(
      'get_user_vote_stats',
      { anonymous_id: visitor },
      { 'access-token': session.token },
    );
    expect(merged.code, merged.msg).toBe(0);
    const after = await statsOf(session.token);
    expect(after.total_votes).toBe(3);
    expect(after.fuel).toBe(fuelBefore + earned);
  });

  it('takes a deleted account’s name off its votes and pairs, merged ones included, and keeps the votes', async () => {
    const owner = await signedIn(app, `named-${dialect}`);
    const authenticator = await savedPasskey(app, owner.token);
    const device = `web-named-${dialect}`;
    // Two votes as a visitor, merged into the account at its sign-in; two more signed in, one
    // of them without its pair_id as the spec's client sends it; and a pair left unanswered.
    for (let round = 0; round < 2; round += 1) {
      parseVote(await vote(app, await servePair(app, category, device), device));
    }
    const session = sessionSchema.parse(
      (await passkeySignIn(app, authenticator, {}, { 'device-id': device })).data,
    );
    const headers = { 'access-token': session.token };
    expect((await app.call('get_user_vote_stats', { anonymous_id: device }, headers)).code).toBe(0);
    for (const withPairId of [true, false]) {
      const pair = await servePair(app, category, device, headers);
      parseVote(await vote(app, pair, device, { headers, withPairId }));
    }
    const left = await servePair(app, category, device, headers);
    const namedIn = async (table: 'votes' | 'served_pairs') =>
      (
        await app.db
          .selectFrom(table)
          .select('id')
          .where('user_id', '=', owner.userInfo.id)
          .execute()
      ).length;
    const named = async () => ({
      votes: await namedIn('votes'),
      pairs: await namedIn('served_pairs'),
    });
    expect(await named()).toEqual({ votes: 4, pairs: 5 });
    // In id order: PostgreSQL returns rows in heap order, which the deletion's updates move.
    const allVotes = () => app.db.selectFrom('votes').select('id').orderBy('id').execute();
    const votesBefore = await allVotes();

    expect((await app.call('delete_account', {}, headers)).code).toBe(0);
    expect(await named()).toEqual({ votes: 0, pairs: 0 });
    // Other photos keep their scores: the votes stay, without a name.
    expect(await allVotes()).toEqual(votesBefore);
    const unanswered = await app.db
      .selectFrom('served_pairs')
      .select('user_id')
      .where('id', '=', left.pair_id)
      .executeTakeFirst();
    expect(unanswered).toEqual({ user_id: null });
  });

  it('deletes the passkeys, ceremonies and recovery code with the account', async () => {
    const owner = await signedIn(app, `leaver-${dialect}`);
    const authenticator = await savedPasskey(app, owner.token);
    await beginRegistration(app, owner.token);
    const made = await app.call('create_recovery_code', {}, { 'access-token': owner.token });
    expect(made.code).toBe(0);
    const left = async () =>
      Promise.all(
        (['passkeys', 'passkey_users', 'auth_ceremonies', 'recovery_codes'] as const).map(
          async (table) =>
            (
              await app.db
                .selectFrom(table)
                .select('user_id')
                .where('user_id', '=', owner.userInfo.id)
                .execute()
            ).length,
        ),
      );
    expect(await left()).toEqual([1, 1, 1, 1]);
    const gone = await app.call('delete_account', {}, { 'access-token': owner.token });
    expect(gone.code, gone.msg).toBe(0);
    expect(await left()).toEqual([0, 0, 0, 0]);
    expect((await passkeySignIn(app, authenticator)).code).toBe(ErrorCode.PASSKEY_UNKNOWN);
  });
});
