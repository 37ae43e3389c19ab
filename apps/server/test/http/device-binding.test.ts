import { randomBytes } from 'node:crypto';
import {
  API,
  DEVICE_SECRET_COOKIE,
  DEVICE_SECRET_HEADER,
  ErrorCode,
  errorMessage,
  voteStatsSchema,
} from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousVoterKey } from '../../src/repositories/voter.repository.js';
import { firstCategoryId, photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds, counts, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';

const HOUR_MS = 3_600_000;

const newSecret = () => randomBytes(16).toString('base64url');
/** A device that is not the id's: it presents a secret of its own. */
const otherDevice = () => ({ [DEVICE_SECRET_HEADER]: newSecret() });
/** A client that presents no secret at all (an explicit empty cookie keeps the jar out). */
const noSecret = { cookie: '' };

function issuedCookie(setCookie: string | string[] | number | undefined): string | null {
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return typeof line === 'string' && line.startsWith(`${DEVICE_SECRET_COOKIE}=`) ? line : null;
}

function secretOf(cookieLine: string): string {
  return (cookieLine.split(';')[0] ?? '').slice(DEVICE_SECRET_COOKIE.length + 1);
}

describe.each(dialects)('anonymous ids bound to their device on %s', (dialect) => {
  let app: TestApp;
  let category: number;
  let seq = 0;
  const nextId = () => `web-bound-${dialect}-${(seq += 1)}`;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '10000',
      RATE_LIMIT_PAIRS_PER_MINUTE: '10000',
      RATE_LIMIT_VOTES_PER_MINUTE_IP: '10000',
      FUEL_PER_VOTE: '40',
      FUEL_DAILY_CAP: '100',
      ARENA_RELIABILITY_CUTOFF: '0',
    });
    await app.services.demo.seed(8);
    [category = 0] = await categoryIds(app);
  });
  afterAll(() => app.close());

  it('issues an HttpOnly cookie on first sight, and the cookie alone then speaks for the id', async () => {
    const id = nextId();
    const first = await app.call(
      'get_random_photos_for_rating',
      { category_id: category, anonymous_id: id },
      noSecret,
    );
    expect(first.code, first.msg).toBe(0);
    const cookie = issuedCookie(first.response.headers['set-cookie']);
    expect(cookie).not.toBeNull();
    expect(cookie).toMatch(/; Path=\/; Max-Age=\d{6,}; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toContain('Secure');
    const secret = secretOf(cookie ?? '');
    expect(secret).toMatch(/^[\w-]{22}$/);

    // What a browser (or the spec's host client in its WebView) does: send the cookie back.
    const again = await app.call(
      'get_user_vote_stats',
      { anonymous_id: id },
      { cookie: `other=1; ${DEVICE_SECRET_COOKIE}=${secret}` },
    );
    expect(again.code, again.msg).toBe(0);
    expect(again.response.headers['set-cookie']).toBeUndefined();
    // Clients without cookies send the same secret in a header.
    const header = await app.call(
      'get_user_vote_stats',
      { anonymous_id: id },
      { [DEVICE_SECRET_HEADER]: secret },
    );
    expect(header.code, header.msg).toBe(0);
    // Only its hash is stored, and it is never logged.
    const row = await app.db
      .selectFrom('device_bindings')
      .selectAll()
      .where('anonymous_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secret_hash).not.toContain(secret);
    expect(row.neighbourhood).toBe('v4:127.0.0');
    expect(app.logs.join('\n')).not.toContain(secret);
  });

  it('marks the cookie Secure over https, trusting x-forwarded-proto only with TRUST_PROXY', async () => {
    const sendsSecure = async (target: TestApp) => {
      const response = await target.server.inject({
        method: 'POST',
        url: API.get_user_vote_stats.path,
        payload: { anonymous_id: `web-proto-${newSecret()}` },
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', cookie: '' },
      });
      const cookie = issuedCookie(response.headers['set-cookie']);
      expect(cookie).not.toBeNull();
      return cookie?.endsWith('; Secure') ?? false;
    };
    expect(await sendsSecure(app)).toBe(false);
    const proxied = await createTestApp(dialect, { TRUST_PROXY: '1' });
    try {
      expect(await sendsSecure(proxied)).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('keeps a planted id out of another device: no pair, no vote, no stats, no merge', async () => {
    const planted = nextId();
    // Device A (the test jar) plays under the id first.
    for (let round = 0; round < 3; round += 1) {
      parseVote(await vote(app, await servePair(app, category, planted), planted));
    }
    const pending = await servePair(app, category, planted);
    const before = await counts(app);

    for (const intruder of [otherDevice(), noSecret]) {
      const pair = await app.call(
        'get_random_photos_for_rating',
        { category_id: category, anonymous_id: planted },
        intruder,
      );
      expect(pair.code).toBe(ErrorCode.DEVICE_ID_TAKEN);
      expect(pair.msg).toBe(errorMessage(ErrorCode.DEVICE_ID_TAKEN));
      const voted = await vote(app, pending, planted, { headers: intruder });
      expect(voted.code).toBe(ErrorCode.DEVICE_ID_TAKEN);
      const stats = await app.call(
        'get_user_vote_stats',
        { anonymous_id: planted },
        { ...intruder, 'accept-language': 'en' },
      );
      expect(stats.code).toBe(ErrorCode.DEVICE_ID_TAKEN);
      expect(stats.msg).toBe('This device id belongs to another device');
      expect(stats.status).toBe(200);
      // The header form of the spec client names the id too.
      const byHeader = await app.call(
        'get_user_vote_stats',
        {},
        { 'device-id': planted, ...intruder },
      );
      expect(byHeader.code).toBe(ErrorCode.DEVICE_ID_TAKEN);
    }

    // A signed-in intruder naming the id absorbs nothing and resets nothing.
    const login = await app.call('login_by_cookie', { cookie: app.hostToken(`thief-${dialect}`) });
    const { token } = login.data as { token: string };
    const intruder = otherDevice();
    const merged = await app.call(
      'get_user_vote_stats',
      { anonymous_id: planted },
      { 'access-token': token, ...intruder },
    );
    expect(merged.code).toBe(ErrorCode.DEVICE_ID_TAKEN);
    const reported = await app.call(
      'submit_photo_report',
      { photo_id: pending.photos[0].id, reason: 'not_real_person' },
      { 'access-token': token, 'device-id': planted, ...intruder },
    );
    expect(reported.code).toBe(ErrorCode.DEVICE_ID_TAKEN);
    const mine = voteStatsSchema.parse(
      (await app.call('get_user_vote_stats', {}, { 'access-token': token })).data,
    );
    expect(mine.total_votes).toBe(0);
    const owner = await app.db
      .selectFrom('voters')
      .select(['total_votes', 'merged_into'])
      .where('voter_key', '=', anonymousVoterKey(planted))
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ total_votes: 3, merged_into: null });
    expect(await counts(app)).toEqual(before);

    // The device that holds it still plays on, on the very pair it was served.
    parseVote(await vote(app, pending, planted));
    const stats = voteStatsSchema.parse(
      (await app.call('get_user_vote_stats', { anonymous_id: planted })).data,
    );
    expect(stats.total_votes).toBe(4);
  });

  it('refuses an upload that names a planted device id', async () => {
    const planted = nextId();
    expect((await app.call('get_user_vote_stats', { anonymous_id: planted })).code).toBe(0);
    const categoryId = await firstCategoryId(app);
    const result = await upload(
      app,
      { bytes: await photoJpeg(31) },
      { category_id: String(categoryId) },
      { headers: { 'device-id': planted, ...otherDevice() } },
    );
    expect(result.code).toBe(ErrorCode.DEVICE_ID_TAKEN);
    const accounts = await app.db
      .selectFrom('users')
      .select('id')
      .where('device_id', '=', planted)
      .execute();
    expect(accounts).toEqual([]);
  });

  it("lets one page's concurrent first requests through by their session id, and no one else", async () => {
    const id = nextId();
    const session = { ...noSecret, 'x-session-id': `X_${newSecret()}` };
    const body = { category_id: category, anonymous_id: id };
    const answers = await Promise.all([
      app.call('get_random_photos_for_rating', body, session),
      app.call('get_user_vote_stats', { anonymous_id: id }, session),
    ]);
    expect(answers.map((answer) => answer.code)).toEqual([0, 0]);
    const stranger = { ...noSecret, 'x-session-id': `X_${newSecret()}` };
    expect((await app.call('get_user_vote_stats', { anonymous_id: id }, stranger)).code).toBe(
      ErrorCode.DEVICE_ID_TAKEN,
    );
    app.clock.advance(61_000);
    expect((await app.call('get_user_vote_stats', { anonymous_id: id }, session)).code).toBe(
      ErrorCode.DEVICE_ID_TAKEN,
    );
  });

  it('merges ids into an account only for their holder, and merged fuel never passes the daily cap', async () => {
    // One browser (one secret) whose device id changed twice, 40 votes under each id.
    const browser = { [DEVICE_SECRET_HEADER]: newSecret() };
    const ids = [nextId(), nextId(), nextId()];
    let earned = 0;
    const [, male = 0] = await categoryIds(app);
    for (const id of ids) {
      for (let round = 0; round < 40; round += 1) {
        const served = await app.call(
          'get_random_photos_for_rating',
          { category_id: round % 2 === 0 ? category : male, anonymous_id: id },
          browser,
        );
        if (served.code === ErrorCode.NO_PAIR_AVAILABLE) continue;
        expect(served.code, served.msg).toBe(0);
        const pair = served.data as Parameters<typeof vote>[1];
        earned += parseVote(
          await vote(app, pair, id, { headers: browser, pick: round % 4 < 2 ? 0 : 1 }),
        ).fuel_earned;
      }
    }
    // Unmerged, these ids earned more than one day's cap: the merge is what must hold the line.
    expect(earned).toBeGreaterThan(app.config.arena.fuelDailyCap);

    const login = await app.call('login_by_cookie', { cookie: app.hostToken(`merger-${dialect}`) });
    const { token, userInfo } = login.data as { token: string; userInfo: { id: number } };
    for (const id of ids) {
      const answer = await app.call(
        'get_user_vote_stats',
        { anonymous_id: id },
        { 'access-token': token, ...browser },
      );
      expect(answer.code, answer.msg).toBe(0);
    }
    const stats = voteStatsSchema.parse(
      (await app.call('get_user_vote_stats', {}, { 'access-token': token })).data,
    );
    expect(stats.total_votes).toBeGreaterThan(40);
    expect(stats.fuel_earned_today).toBeLessThanOrEqual(app.config.arena.fuelDailyCap);
    const credited = await app.db
      .selectFrom('fuel_ledger')
      .select((eb) => eb.fn.sum<number | null>('amount').as('total'))
      .where('user_id', '=', userInfo.id)
      .where('reason', '=', 'merge')
      .executeTakeFirstOrThrow();
    expect(Number(credited.total)).toBeGreaterThan(0);
    expect(Number(credited.total)).toBeLessThanOrEqual(app.config.arena.fuelDailyCap);
    expect(stats.fuel).toBe(50 + Number(credited.total));
  });
});

describe.each(dialects)('new anonymous ids per address on %s', (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_NEW_IDS_PER_HOUR_IP: '3' });
  });
  afterAll(() => app.close());

  const stats = (id: string, remoteAddress = '203.0.113.7') =>
    app.server.inject({
      method: 'POST',
      url: API.get_user_vote_stats.path,
      payload: { anonymous_id: id },
      headers: { 'content-type': 'application/json' },
      remoteAddress,
    });

  it('caps new ids per address and hour with 42910, known ids and other addresses unaffected', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 5; n += 1)
      codes.push((await stats(`web-cap-${n}`)).json<{ code: number }>().code);
    expect(codes).toEqual([
      0,
      0,
      0,
      ErrorCode.TOO_MANY_NEW_DEVICE_IDS,
      ErrorCode.TOO_MANY_NEW_DEVICE_IDS,
    ]);
    const refused = (await stats('web-cap-9')).json<{ code: number; msg: string }>();
    expect(refused.msg).toBe(errorMessage(ErrorCode.TOO_MANY_NEW_DEVICE_IDS));
    expect(
      await app.db.selectFrom('device_bindings').select('anonymous_id').execute(),
    ).toHaveLength(3);
    // Ids already bound go on working; another address has its own allowance.
    expect((await stats('web-cap-0')).json<{ code: number }>().code).toBe(0);
    expect((await stats('web-cap-elsewhere', '198.51.100.9')).json<{ code: number }>().code).toBe(
      0,
    );
    app.clock.advance(HOUR_MS);
    expect((await stats('web-cap-later')).json<{ code: number }>().code).toBe(0);
  });
});
