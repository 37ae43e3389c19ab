import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { addPhotos, categoryIds } from '../support/arena.js';
import { dialects, makeTempDir } from '../support/database.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

interface Person {
  id: number;
  headers: Record<string, string>;
}

describe.each(dialects)('moderators against moderators, and unban, on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let signIn: (name: string, role?: 'moderator' | 'admin') => Promise<Person>;

  beforeAll(async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_API_PER_MINUTE: '100000' });
    [category = 0] = await categoryIds(app);
    signIn = async (name, role) => {
      const login = await app.call('login_by_cookie', {
        cookie: app.hostToken(`${name}-${dialect}`),
      });
      const data = login.data as { token: string; userInfo: { id: number } };
      if (role) await app.services.users.setRole(data.userInfo.id, role, app.clock.now());
      return { id: data.userInfo.id, headers: { 'access-token': data.token } };
    };
    // One real upload gives the files every other test photo shares (support/arena.ts).
    const first = await signIn('first-uploader');
    const uploaded = await upload(
      app,
      { bytes: await photoJpeg(dialect === 'postgres' ? 9100 : 9200) },
      { category_id: String(category) },
      { headers: first.headers },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
  });
  afterAll(() => app.close());

  const photoOf = async (person: Person) => {
    const [id = 0] = await addPhotos(app, person.id, category, 1);
    return id;
  };
  const decide = (photoId: number, decision: 'keep' | 'remove' | 'ban', by: Person) =>
    app.call('moderate_photo', { photo_id: photoId, decision }, by.headers);
  const stateOf = async (photoId: number) =>
    (
      await app.db
        .selectFrom('photos')
        .select('state')
        .where('id', '=', photoId)
        .executeTakeFirstOrThrow()
    ).state;
  const statusOf = async (userId: number) =>
    (
      await app.db
        .selectFrom('users')
        .select('status')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).status;

  it('refuses every decision of a moderator on a peer’s or their own photo with 40310', async () => {
    const alice = await signIn('mod-alice', 'moderator');
    const bob = await signIn('mod-bob', 'moderator');
    const admin = await signIn('admin-carol', 'admin');
    const bobsPhoto = await photoOf(bob);
    const alicesPhoto = await photoOf(alice);
    const adminsPhoto = await photoOf(admin);
    for (const decision of ['ban', 'remove', 'keep'] as const) {
      expect((await decide(bobsPhoto, decision, alice)).code, decision).toBe(
        ErrorCode.MODERATION_PROTECTED,
      );
      expect((await decide(alicesPhoto, decision, alice)).code, decision).toBe(
        ErrorCode.MODERATION_PROTECTED,
      );
      expect((await decide(adminsPhoto, decision, bob)).code, decision).toBe(
        ErrorCode.MODERATION_PROTECTED,
      );
      expect((await decide(adminsPhoto, decision, admin)).code, decision).toBe(
        ErrorCode.MODERATION_PROTECTED,
      );
    }
    expect(await stateOf(bobsPhoto)).toBe('active');
    expect(await statusOf(bob.id)).toBe('active');
    expect((await app.call('get_user_info', {}, bob.headers)).code).toBe(0);
    const logged = await app.db
      .selectFrom('moderation_log')
      .select('id')
      .where('photo_id', 'in', [bobsPhoto, alicesPhoto, adminsPhoto])
      .execute();
    expect(logged).toEqual([]);
    // An admin ranks above moderators: the one way to deal with a rogue one, besides the CLI.
    expect((await decide(bobsPhoto, 'remove', admin)).code).toBe(0);
  });

  it('lifts a ban: the user signs in again and the photos the ban took down return', async () => {
    const moderator = await signIn('mod-dave', 'moderator');
    const user = await signIn('banned-erin');
    const [decided = 0, other = 0, another = 0] = await addPhotos(app, user.id, category, 3);
    expect((await decide(another, 'remove', moderator)).code).toBe(0);
    expect((await decide(decided, 'ban', moderator)).code).toBe(0);
    expect(await statusOf(user.id)).toBe('banned');
    expect(await stateOf(other)).toBe('removed');
    expect((await app.call('get_user_info', {}, user.headers)).code).toBe(ErrorCode.ACCOUNT_BANNED);

    const someone = await signIn('plain-frank');
    const byUser = await app.call('unban_user', { target_user_id: user.id }, someone.headers);
    expect(byUser.code).toBe(ErrorCode.FORBIDDEN);
    expect((await app.call('unban_user', { target_user_id: user.id })).code).toBe(
      ErrorCode.NOT_SIGNED_IN,
    );

    const lifted = await app.call(
      'unban_user',
      { target_user_id: user.id, reason: 'appeal accepted' },
      moderator.headers,
    );
    expect(lifted).toMatchObject({
      code: 0,
      data: { user_id: user.id, status: 'active', restored_photo_ids: [other] },
    });
    expect(await statusOf(user.id)).toBe('active');
    expect((await app.call('get_user_info', {}, user.headers)).code).toBe(0);
    // The photo decided on and the one removed for itself stay removed.
    expect(await stateOf(other)).toBe('active');
    expect(await stateOf(decided)).toBe('removed');
    expect(await stateOf(another)).toBe('removed');
    const log = await app.db
      .selectFrom('moderation_log')
      .select(['decision', 'moderator_id', 'reason'])
      .where('photo_id', '=', decided)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { decision: 'ban', moderator_id: moderator.id, reason: null },
      { decision: 'unban', moderator_id: moderator.id, reason: 'appeal accepted' },
    ]);

    const again = await app.call('unban_user', { target_user_id: user.id }, moderator.headers);
    expect(again).toMatchObject({ code: 0, data: { restored_photo_ids: [] } });
    const unknown = await app.call('unban_user', { target_user_id: 987654 }, moderator.headers);
    expect(unknown.code).toBe(ErrorCode.USER_NOT_FOUND);
    const self = await app.call('unban_user', { target_user_id: moderator.id }, moderator.headers);
    expect(self.code).toBe(ErrorCode.MODERATION_PROTECTED);
    const peer = await signIn('mod-gina', 'moderator');
    const onPeer = await app.call('unban_user', { target_user_id: peer.id }, moderator.headers);
    expect(onPeer.code).toBe(ErrorCode.MODERATION_PROTECTED);
    const wrongField = await app.call('unban_user', { user_id: user.id }, moderator.headers);
    expect(wrongField.code).toBe(ErrorCode.USER_MISMATCH);
  });
});

describe('npm run admin -- moderation unban', () => {
  it('lifts a ban from the command line, and names a bad id', async () => {
    const dataDir = makeTempDir();
    const file = path.join(dataDir, 'yanzhi.db');
    let handle = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(handle.db);
    const now = Date.now();
    const user = await handle.db
      .insertInto('users')
      .values({
        nickname: 'cli-banned',
        avatar_url: null,
        role: 'user',
        status: 'banned',
        host_user_id: null,
        device_id: null,
        is_device_account: 0,
        is_demo: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.close();

    const cli = (args: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', '--conditions=source', 'src/cli.ts', ...args],
        {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0' },
          encoding: 'utf8',
        },
      );
    const bad = cli(['moderation', 'unban', 'x']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('moderation unban needs <user_id>');
    const done = cli(['moderation', 'unban', String(user.id), '--reason', 'appeal']);
    expect(done.status, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({
      user_id: user.id,
      status: 'active',
      restored_photo_ids: [],
    });
    handle = openDatabase({ kind: 'sqlite', file });
    const row = await handle.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await handle.close();
    expect(row.status).toBe('active');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
