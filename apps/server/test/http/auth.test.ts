import { ErrorCode, sessionSchema, userInfoSchema } from '@yanzhi/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signHostToken } from '../../src/domain/tokens.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';

describe.each(dialects)('sessions and host tokens on %s', (dialect) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await createTestApp(dialect, { SESSION_TTL_HOURS: '1', REFRESH_TTL_DAYS: '2' });
  });
  afterEach(() => app.close());

  async function login(sub = 'host-42', name = '小明') {
    const result = await app.call('login_by_cookie', { cookie: app.hostToken(sub, { name }) });
    expect(result.code).toBe(0);
    return sessionSchema.parse(result.data);
  }

  it('creates the host user on first sight of a host-signed token', async () => {
    const token = app.hostToken('host-7', { name: '阿花' });
    const first = await app.call('get_user_info', { token }, { 'access-token': token });
    expect(first.code).toBe(0);
    const user = userInfoSchema.parse(first.data);
    expect(user).toMatchObject({
      nickname: '阿花',
      fuel: 50,
      role: 'user',
      is_device_account: false,
    });
    const again = await app.call('get_user_info', {}, { 'access-token': token });
    expect(userInfoSchema.parse(again.data).id).toBe(user.id);
  });

  it('exchanges a host credential for a session, bare or inside a cookie header', async () => {
    const session = await login();
    expect(session.token).toMatch(/^at_/);
    expect(session.refresh_token).toMatch(/^rt_/);
    expect(session.userInfo.nickname).toBe('小明');
    const cookieHeader = `lang=zh; host_token=${encodeURIComponent(app.hostToken('host-42'))}; theme=dark`;
    const viaCookie = await app.call('login_by_cookie', { cookie: cookieHeader });
    expect(viaCookie.code).toBe(0);
    expect(sessionSchema.parse(viaCookie.data).userInfo.id).toBe(session.userInfo.id);
  });

  it('answers get_user_info for a valid session token, from the header or the body', async () => {
    const session = await login();
    const viaHeader = await app.call('get_user_info', {}, { 'access-token': session.token });
    expect(viaHeader.code).toBe(0);
    expect(userInfoSchema.parse(viaHeader.data).id).toBe(session.userInfo.id);
    const viaBody = await app.call('get_user_info', { token: session.token });
    expect(userInfoSchema.parse(viaBody.data).id).toBe(session.userInfo.id);
  });

  it('refuses an expired session token with 40102', async () => {
    const session = await login();
    app.clock.advance(60 * 60 * 1000 + 1);
    const result = await app.call('get_user_info', {}, { 'access-token': session.token });
    expect(result).toMatchObject({ status: 200, code: ErrorCode.TOKEN_EXPIRED });
  });

  it('refuses a revoked (signed out) session token with 40103', async () => {
    const session = await login();
    const out = await app.call('sign_out', {}, { 'access-token': session.token });
    expect(out).toMatchObject({ code: 0, data: { signed_out: true } });
    const result = await app.call('get_user_info', {}, { 'access-token': session.token });
    expect(result.code).toBe(ErrorCode.TOKEN_REVOKED);
  });

  it('refuses an unknown session token with 40101', async () => {
    const result = await app.call('get_user_info', { token: 'at_not-a-real-token' });
    expect(result.code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('refuses a forged host token everywhere', async () => {
    const forged = signHostToken(
      { sub: 'host-1', exp: Math.floor(app.clock.now() / 1000) + 60 },
      'x'.repeat(40),
    );
    expect((await app.call('get_user_info', {}, { 'access-token': forged })).code).toBe(
      ErrorCode.TOKEN_INVALID,
    );
    expect((await app.call('login_by_cookie', { cookie: forged })).code).toBe(
      ErrorCode.HOST_CREDENTIAL_INVALID,
    );
    const [prefix, payload] = app.hostToken('host-1').split('.');
    const tampered = `${prefix}.${payload}.AAAA`;
    expect((await app.call('get_user_info', { token: tampered })).code).toBe(
      ErrorCode.TOKEN_INVALID,
    );
    expect((await app.call('login_by_cookie', { cookie: 'session=abc' })).code).toBe(
      ErrorCode.HOST_CREDENTIAL_INVALID,
    );
  });

  it('refuses an expired host token', async () => {
    const token = app.hostToken('host-9', { ttlSeconds: 30 });
    app.clock.advance(31_000);
    expect((await app.call('get_user_info', { token })).code).toBe(ErrorCode.TOKEN_EXPIRED);
    expect((await app.call('login_by_cookie', { cookie: token })).code).toBe(
      ErrorCode.HOST_CREDENTIAL_INVALID,
    );
  });

  it('signs out a host token until it expires', async () => {
    const token = app.hostToken('host-3');
    expect((await app.call('sign_out', {}, { 'access-token': token })).code).toBe(0);
    expect((await app.call('get_user_info', {}, { 'access-token': token })).code).toBe(
      ErrorCode.TOKEN_REVOKED,
    );
  });

  it('rotates refresh tokens and revokes the family when an old one is replayed', async () => {
    const first = await login();
    const refreshed = await app.call('refresh_session', { refresh_token: first.refresh_token });
    expect(refreshed.code).toBe(0);
    const second = sessionSchema.parse(refreshed.data);
    expect(second.token).not.toBe(first.token);
    expect((await app.call('get_user_info', {}, { 'access-token': second.token })).code).toBe(0);
    expect((await app.call('get_user_info', {}, { 'access-token': first.token })).code).toBe(
      ErrorCode.TOKEN_REVOKED,
    );

    const replay = await app.call('refresh_session', { refresh_token: first.refresh_token });
    expect(replay.code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
    // The replay means the token leaked: the session it had turned into is revoked too.
    expect((await app.call('get_user_info', {}, { 'access-token': second.token })).code).toBe(
      ErrorCode.TOKEN_REVOKED,
    );
  });

  it('refuses an expired or unknown refresh token', async () => {
    const session = await login();
    app.clock.advance(2 * 86_400_000 + 1);
    expect((await app.call('refresh_session', { refresh_token: session.refresh_token })).code).toBe(
      ErrorCode.REFRESH_TOKEN_INVALID,
    );
    expect((await app.call('refresh_session', { refresh_token: 'rt_unknown' })).code).toBe(
      ErrorCode.REFRESH_TOKEN_INVALID,
    );
  });

  it('lets exactly one of two concurrent refreshes with the same token win', async () => {
    const session = await login();
    const results = await Promise.all([
      app.call('refresh_session', { refresh_token: session.refresh_token }),
      app.call('refresh_session', { refresh_token: session.refresh_token }),
    ]);
    expect(results.filter((result) => result.code === 0)).toHaveLength(1);
  });

  it('refuses a body token or user_id naming someone other than the header token', async () => {
    const alice = await login('host-alice', 'Alice');
    const bob = await login('host-bob', 'Bob');
    const mismatch = await app.call(
      'get_user_info',
      { token: bob.token },
      { 'access-token': alice.token },
    );
    expect(mismatch.code).toBe(ErrorCode.USER_MISMATCH);
    const wrongUser = await app.call(
      'get_random_photos_for_rating',
      { category_id: 1, anonymous_id: 'web-1', user_id: bob.userInfo.id },
      { 'access-token': alice.token },
    );
    expect(wrongUser.code).toBe(ErrorCode.USER_MISMATCH);
    const sameUser = await app.call(
      'get_random_photos_for_rating',
      { category_id: 1, anonymous_id: 'web-1', user_id: String(alice.userInfo.id) },
      { 'access-token': alice.token },
    );
    expect(sameUser.code).not.toBe(ErrorCode.USER_MISMATCH);
  });

  it('requires a token for get_user_info and sign_out', async () => {
    expect((await app.call('get_user_info', {})).code).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await app.call('sign_out', {})).code).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it('stores only hashes of tokens', async () => {
    const session = await login();
    const rows = await app.db.selectFrom('sessions').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(session.token);
    expect(stored).not.toContain(session.refresh_token);
  });
});

describe('login rate limit', () => {
  it('refuses logins beyond the configured rate per address with 42900', async () => {
    const app = await createTestApp('sqlite', { RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        codes.push((await app.call('login_by_cookie', { cookie: 'nonsense' })).code);
      }
      expect(codes).toEqual([
        ErrorCode.HOST_CREDENTIAL_INVALID,
        ErrorCode.HOST_CREDENTIAL_INVALID,
        ErrorCode.HOST_CREDENTIAL_INVALID,
        ErrorCode.RATE_LIMITED,
      ]);
      app.clock.advance(60_000);
      expect((await app.call('login_by_cookie', { cookie: app.hostToken('h') })).code).toBe(0);
    } finally {
      await app.close();
    }
  });
});
