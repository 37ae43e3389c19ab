import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  RECOVERY_CODE_PATTERN,
  recoveryCodeSchema,
  recoveryCodeSessionSchema,
  signInMethodsSchema,
} from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';
import { callFrom } from '../support/from-address.js';
import { identityState, signedIn } from '../support/identity.js';

/** The same code as a hurried person types it: lower case, no dashes, O for 0, l for 1. */
function typedSloppily(code: string): string {
  return ` ${code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l')} `;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A well-formed random code that is nobody's. */
function madeUpCode(): string {
  const chars = Array.from(randomBytes(24), (byte) => CROCKFORD.charAt(byte % 32)).join('');
  return chars.match(/.{4}/g)?.join('-') ?? '';
}

describe.each(dialects)('recovery codes on %s', (dialect) => {
  let app: TestApp;
  let seq = 0;
  const nextUser = () => `rc-${dialect}-${(seq += 1)}`;
  let address = 0;
  /** Each test signs in from an address of its own: attempts are counted per address. */
  const nextAddress = () => `10.16.0.${(address += 1)}`;

  beforeAll(async () => {
    app = await createTestApp(dialect);
  });
  afterAll(() => app.close());

  async function createCode(token: string) {
    const made = await app.call('create_recovery_code', {}, { 'access-token': token });
    expect(made.code, made.msg).toBe(0);
    return recoveryCodeSchema.parse(made.data);
  }

  it('signs in once with a code, read leniently, and hands back its replacement', async () => {
    const owner = await signedIn(app, nextUser());
    const { code } = await createCode(owner.token);
    expect(code).toMatch(RECOVERY_CODE_PATTERN);
    const methods = signInMethodsSchema.parse(
      (await app.call('get_sign_in_methods', {}, { 'access-token': owner.token })).data,
    );
    expect(methods.recovery_code_created_at).toBe(new Date(app.clock.now()).toISOString());

    const from = nextAddress();
    const used = await callFrom(
      app,
      from,
      'sign_in_with_recovery_code',
      { code: typedSloppily(code) },
      { 'device-id': 'web-new-phone' },
    );
    expect(used.code, used.msg).toBe(0);
    const session = recoveryCodeSessionSchema.parse(used.data);
    expect(session.userInfo.id).toBe(owner.userInfo.id);
    expect(session.recovery_code.code).not.toBe(code);
    const info = await app.call('get_user_info', {}, { 'access-token': session.token });
    expect(info).toMatchObject({ code: 0, data: { id: owner.userInfo.id } });

    const spent = await callFrom(app, from, 'sign_in_with_recovery_code', { code });
    expect(spent.code).toBe(ErrorCode.RECOVERY_CODE_INVALID);
    const next = session.recovery_code.code;
    const again = await callFrom(app, from, 'sign_in_with_recovery_code', { code: next });
    expect(again.code, again.msg).toBe(0);
    const twice = await callFrom(app, from, 'sign_in_with_recovery_code', { code: next });
    expect(twice.code).toBe(ErrorCode.RECOVERY_CODE_INVALID);
  });

  it('replaces the old code when a new one is made, and stores only a hash', async () => {
    const owner = await signedIn(app, nextUser());
    const old = await createCode(owner.token);
    const fresh = await createCode(owner.token);
    const rows = await app.db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', owner.userInfo.id)
      .execute();
    expect(rows).toHaveLength(1);
    const secret = fresh.code.replace(/-/g, '').slice(8);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows[0]?.secret_hash).toMatch(/^scrypt\$16384\$8\$1\$/);

    const from = nextAddress();
    const before = await identityState(app);
    const refused = await callFrom(app, from, 'sign_in_with_recovery_code', { code: old.code });
    expect(refused.code).toBe(ErrorCode.RECOVERY_CODE_INVALID);
    expect(await identityState(app)).toEqual(before);
    const accepted = await callFrom(app, from, 'sign_in_with_recovery_code', { code: fresh.code });
    expect(accepted.code, accepted.msg).toBe(0);
  });

  it('refuses wrong, malformed and misdirected codes with 40109, changing nothing', async () => {
    const owner = await signedIn(app, nextUser());
    const { code } = await createCode(owner.token);
    const wrongSecret = `${code.slice(0, 10)}${code.slice(10, 11) === 'A' ? 'B' : 'A'}${code.slice(11)}`;
    const from = nextAddress();
    const before = await identityState(app);
    for (const attempt of [
      'hello',
      `${code}-0000`,
      code.slice(0, 24),
      wrongSecret,
      'UUUU'.repeat(6),
    ]) {
      const answer = await callFrom(app, from, 'sign_in_with_recovery_code', { code: attempt });
      expect(answer.code, attempt).toBe(ErrorCode.RECOVERY_CODE_INVALID);
    }
    expect(await identityState(app)).toEqual(before);
  });

  it('refuses a banned account’s code with 40302 and leaves the code unspent', async () => {
    const owner = await signedIn(app, nextUser());
    const { code } = await createCode(owner.token);
    await app.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', owner.userInfo.id)
      .execute();
    const before = await identityState(app);
    const answer = await callFrom(app, nextAddress(), 'sign_in_with_recovery_code', { code });
    expect(answer.code).toBe(ErrorCode.ACCOUNT_BANNED);
    expect(await identityState(app)).toEqual(before);
  });

  it('lets exactly one of two concurrent uses of a code in', async () => {
    const owner = await signedIn(app, nextUser());
    const { code } = await createCode(owner.token);
    const before = await identityState(app);
    const from = nextAddress();
    const answers = await Promise.all([
      callFrom(app, from, 'sign_in_with_recovery_code', { code }),
      callFrom(app, from, 'sign_in_with_recovery_code', { code }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([
      0,
      ErrorCode.RECOVERY_CODE_INVALID,
    ]);
    expect((await identityState(app)).sessions).toBe(before.sessions + 1);
  });

  it('counts every attempt per address: 20 wrong codes, 10 refused as wrong, the rest limited, none logged', async () => {
    const from = nextAddress();
    const tried = Array.from({ length: 20 }, () => madeUpCode());
    const codes: number[] = [];
    for (const code of tried) {
      codes.push((await callFrom(app, from, 'sign_in_with_recovery_code', { code })).code);
    }
    const limit = app.config.rateLimits.recoveryPerHourIp;
    expect(limit).toBe(10);
    expect(codes.slice(0, limit)).toEqual(Array(limit).fill(ErrorCode.RECOVERY_CODE_INVALID));
    expect(codes.slice(limit)).toEqual(Array(20 - limit).fill(ErrorCode.RATE_LIMITED));
    // Another address is not held back.
    const elsewhere = await callFrom(app, nextAddress(), 'sign_in_with_recovery_code', {
      code: madeUpCode(),
    });
    expect(elsewhere.code).toBe(ErrorCode.RECOVERY_CODE_INVALID);

    const logged = app.logs.join('\n');
    const outcomes = app.logs.filter(
      (line) => line.includes('"recovery":"refused"') && line.includes(`"address":"${from}"`),
    );
    expect(outcomes).toHaveLength(20);
    for (const code of tried) {
      expect(logged).not.toContain(code);
      const bare = code.replace(/-/g, '');
      for (const part of [bare, bare.slice(0, 8), bare.slice(8)])
        expect(logged).not.toContain(part);
    }
  });
});
