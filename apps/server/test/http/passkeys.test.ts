import {
  ErrorCode,
  PASSKEY_LIMIT,
  finishPasskeyRegistrationResponseSchema,
  sessionSchema,
  signInMethodsSchema,
  userInfoSchema,
} from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../support/authenticator.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';
import {
  beginRegistration,
  identityState,
  passkeySignIn,
  registerPasskey,
  savedPasskey,
  signedIn,
} from '../support/identity.js';

describe.each(dialects)('passkeys on %s', (dialect) => {
  let app: TestApp;
  let seq = 0;
  const nextUser = () => `pk-${dialect}-${(seq += 1)}`;

  beforeAll(async () => {
    // Many sign-ins from one address: the per-minute login limit is another test's business.
    app = await createTestApp(dialect, { RATE_LIMIT_LOGIN_PER_MINUTE: '10000' });
  });
  afterAll(() => app.close());

  it('saves a passkey and signs in with it on another device: a working session, counter kept', async () => {
    const owner = await signedIn(app, nextUser());
    const authenticator = new SoftAuthenticator();
    const { options } = await beginRegistration(app, owner.token);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: '颜值竞技场' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    expect(options.pubKeyCredParams.map((param) => param.alg)).toEqual([-7, -257]);
    // The user handle is opaque: not the numeric id.
    expect(Buffer.from(options.user.id, 'base64url').length).toBe(32);

    const saved = await registerPasskey(app, owner.token, authenticator);
    expect(saved.code, saved.msg).toBe(0);
    const { passkey } = finishPasskeyRegistrationResponseSchema.parse(saved.data);
    expect(passkey).toMatchObject({ name: '通行密钥 1', last_used_at: null });

    app.clock.advance(60_000);
    const answer = await passkeySignIn(app, authenticator, {}, { 'device-id': 'web-other-phone' });
    expect(answer.code, answer.msg).toBe(0);
    const session = sessionSchema.parse(answer.data);
    expect(session.userInfo.id).toBe(owner.userInfo.id);
    const info = await app.call('get_user_info', {}, { 'access-token': session.token });
    expect(userInfoSchema.parse(info.data)).toMatchObject({ id: owner.userInfo.id });
    const row = await app.db
      .selectFrom('passkeys')
      .select(['counter', 'last_used_at'])
      .where('id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ counter: 1, last_used_at: app.clock.now() });
    const stored = await app.db
      .selectFrom('sessions')
      .select('device_id')
      .where('user_id', '=', owner.userInfo.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.device_id).toBe('web-other-phone');
    // A second sign-in counts on.
    expect((await passkeySignIn(app, authenticator)).code).toBe(0);
  });

  it('lists several passkeys, removes one (only one’s own), and the removed one no longer signs in', async () => {
    const owner = await signedIn(app, nextUser());
    const stranger = await signedIn(app, nextUser());
    const first = await savedPasskey(app, owner.token);
    const second = await savedPasskey(app, owner.token);
    // A third registration is told which credentials the account has already.
    const { options } = await beginRegistration(app, owner.token);
    expect(options.excludeCredentials?.map((key) => key.id)).toEqual([
      first.credentialId,
      second.credentialId,
    ]);
    const methods = signInMethodsSchema.parse(
      (await app.call('get_sign_in_methods', {}, { 'access-token': owner.token })).data,
    );
    expect(methods).toMatchObject({ host_linked: true, can_return: true, photo_count: 0 });
    expect(methods.passkeys.map((key) => key.name)).toEqual(['通行密钥 1', '通行密钥 2']);
    const [kept, removed] = methods.passkeys;
    if (!kept || !removed) throw new Error('two passkeys expected');

    const theft = await app.call(
      'delete_passkey',
      { passkey_id: removed.id },
      { 'access-token': stranger.token },
    );
    expect(theft.code).toBe(ErrorCode.PASSKEY_NOT_FOUND);
    const deleted = await app.call(
      'delete_passkey',
      { passkey_id: removed.id },
      { 'access-token': owner.token },
    );
    expect(deleted).toMatchObject({ code: 0, data: { deleted: true, remaining: 1 } });
    const again = await app.call(
      'delete_passkey',
      { passkey_id: removed.id },
      { 'access-token': owner.token },
    );
    expect(again.code).toBe(ErrorCode.PASSKEY_NOT_FOUND);

    const before = await identityState(app);
    expect((await passkeySignIn(app, second)).code).toBe(ErrorCode.PASSKEY_UNKNOWN);
    expect(await identityState(app)).toEqual(before);
    expect((await passkeySignIn(app, first)).code).toBe(0);
  });

  it('refuses a ceremony that is unknown, expired, another user’s or of the other kind', async () => {
    const owner = await signedIn(app, nextUser());
    const other = await signedIn(app, nextUser());
    const authenticator = new SoftAuthenticator();
    const auth = { 'access-token': owner.token };
    const before = await identityState(app);

    const { ceremony_id, options } = await beginRegistration(app, owner.token);
    const credential = authenticator.register(options);
    const finish = (id: string, headers = auth) =>
      app.call('finish_passkey_registration', { ceremony_id: id, credential }, headers);
    expect((await finish('no-such-ceremony')).code).toBe(ErrorCode.PASSKEY_CEREMONY_INVALID);
    // Another user cannot finish it, and their try does not spend it.
    expect((await finish(ceremony_id, { 'access-token': other.token })).code).toBe(
      ErrorCode.PASSKEY_CEREMONY_INVALID,
    );
    // A sign-in ceremony is no registration ceremony.
    const signIn = await app.call('begin_passkey_sign_in', {});
    const signInId = (signIn.data as { ceremony_id: string }).ceremony_id;
    expect((await finish(signInId)).code).toBe(ErrorCode.PASSKEY_CEREMONY_INVALID);
    expect(await identityState(app)).toEqual(before);
    expect((await finish(ceremony_id)).code).toBe(0);

    // Expired: five minutes and it is gone.
    const late = await beginRegistration(app, owner.token);
    app.clock.advance(5 * 60_000 + 1);
    const lateAnswer = await app.call(
      'finish_passkey_registration',
      { ceremony_id: late.ceremony_id, credential: new SoftAuthenticator().register(late.options) },
      auth,
    );
    expect(lateAnswer.code).toBe(ErrorCode.PASSKEY_CEREMONY_INVALID);
  });

  it('refuses an answer to another challenge, origin or relying party, changing nothing', async () => {
    const owner = await signedIn(app, nextUser());
    const forgeries = [
      { challenge: Buffer.from('another challenge').toString('base64url') },
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { type: 'webauthn.get' },
    ];
    for (const forgery of forgeries) {
      const before = await identityState(app);
      const answer = await registerPasskey(app, owner.token, new SoftAuthenticator(), forgery);
      expect(answer.code, JSON.stringify(forgery)).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
      expect(await identityState(app)).toEqual(before);
    }

    const authenticator = await savedPasskey(app, owner.token);
    for (const forgery of [...forgeries.slice(0, 3), { type: 'webauthn.create' }]) {
      const before = await identityState(app);
      const answer = await passkeySignIn(app, authenticator, { ...forgery, counter: 50 });
      expect(answer.code, JSON.stringify(forgery)).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
      expect(await identityState(app)).toEqual(before);
    }
  });

  it('refuses a replayed assertion and a counter that goes back or stays', async () => {
    const owner = await signedIn(app, nextUser());
    const authenticator = await savedPasskey(app, owner.token);
    const { ceremony_id, options } = await (async () => {
      const begun = await app.call('begin_passkey_sign_in', {});
      return begun.data as { ceremony_id: string; options: { challenge: string } };
    })();
    const body = { ceremony_id, credential: authenticator.assert(options.challenge) };
    expect((await app.call('finish_passkey_sign_in', body)).code).toBe(0);

    const before = await identityState(app);
    // The same body again: its ceremony is spent.
    expect((await app.call('finish_passkey_sign_in', body)).code).toBe(
      ErrorCode.PASSKEY_CEREMONY_INVALID,
    );
    // The old assertion against a new ceremony: signed over another challenge.
    const fresh = await app.call('begin_passkey_sign_in', {});
    const replay = await app.call('finish_passkey_sign_in', {
      ceremony_id: (fresh.data as { ceremony_id: string }).ceremony_id,
      credential: body.credential,
    });
    expect(replay.code).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    // A copy of the key: its counter stays or goes back.
    for (const counter of [authenticator.counter, 0]) {
      const answer = await passkeySignIn(app, authenticator, { counter });
      expect(answer.code, `counter ${counter}`).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    }
    expect(await identityState(app)).toEqual(before);
    expect((await passkeySignIn(app, authenticator)).code).toBe(0);
  });

  it('lets exactly one of two concurrent finishes of a ceremony in', async () => {
    const owner = await signedIn(app, nextUser());
    const authenticator = await savedPasskey(app, owner.token);
    const begun = await app.call('begin_passkey_sign_in', {});
    const { ceremony_id, options } = begun.data as {
      ceremony_id: string;
      options: { challenge: string };
    };
    const body = { ceremony_id, credential: authenticator.assert(options.challenge) };
    const before = await identityState(app);
    const answers = await Promise.all([
      app.call('finish_passkey_sign_in', body),
      app.call('finish_passkey_sign_in', body),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([
      0,
      ErrorCode.PASSKEY_CEREMONY_INVALID,
    ]);
    expect((await identityState(app)).sessions).toBe(before.sessions + 1);
  });

  it('keeps a credential to one account and refuses another account’s user handle', async () => {
    const owner = await signedIn(app, nextUser());
    const other = await signedIn(app, nextUser());
    const authenticator = await savedPasskey(app, owner.token);
    const before = await identityState(app);
    const copy = await registerPasskey(app, other.token, authenticator);
    expect(copy.code).toBe(ErrorCode.PASSKEY_ALREADY_SAVED);
    expect((await registerPasskey(app, owner.token, authenticator)).code).toBe(
      ErrorCode.PASSKEY_ALREADY_SAVED,
    );

    const otherKey = await savedPasskey(app, other.token);
    const afterOther = await identityState(app);
    expect(afterOther.passkeys.length).toBe(before.passkeys.length + 1);
    const answer = await passkeySignIn(app, authenticator, { userHandle: otherKey.userHandle });
    expect(answer.code).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    expect(await identityState(app)).toEqual(afterOther);
    // Without a user handle the credential id alone names the account.
    const bare = await passkeySignIn(app, authenticator, { userHandle: null });
    expect(sessionSchema.parse(bare.data).userInfo.id).toBe(owner.userInfo.id);
  });

  it('refuses a banned account’s passkey with 40302 and changes nothing', async () => {
    const owner = await signedIn(app, nextUser());
    const authenticator = await savedPasskey(app, owner.token);
    await app.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', owner.userInfo.id)
      .execute();
    const before = await identityState(app);
    expect((await passkeySignIn(app, authenticator)).code).toBe(ErrorCode.ACCOUNT_BANNED);
    expect(await identityState(app)).toEqual(before);
  });

  it('keeps the name the user gives a passkey, trimmed and without control characters', async () => {
    const owner = await signedIn(app, nextUser());
    const { ceremony_id, options } = await beginRegistration(app, owner.token);
    const saved = await app.call(
      'finish_passkey_registration',
      {
        ceremony_id,
        credential: new SoftAuthenticator().register(options),
        name: '  My\u0000 phone ',
      },
      { 'access-token': owner.token },
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(finishPasskeyRegistrationResponseSchema.parse(saved.data).passkey.name).toBe('My phone');
  });

  it(`keeps at most ${PASSKEY_LIMIT} passkeys per account`, async () => {
    const owner = await signedIn(app, nextUser());
    for (let index = 0; index < PASSKEY_LIMIT; index += 1) await savedPasskey(app, owner.token);
    const refused = await app.call(
      'begin_passkey_registration',
      {},
      { 'access-token': owner.token },
    );
    expect(refused.code).toBe(ErrorCode.PASSKEY_LIMIT_REACHED);
  });

  it('prunes expired ceremonies when a new one begins', async () => {
    await app.call('begin_passkey_sign_in', {});
    app.clock.advance(5 * 60_000);
    await app.call('begin_passkey_sign_in', {});
    const rows = await app.db.selectFrom('auth_ceremonies').select('expires_at').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.expires_at > app.clock.now())).toBe(true);
  });

  it('asks for a signed-in caller to save, list or remove passkeys', async () => {
    for (const call of ['begin_passkey_registration', 'get_sign_in_methods'] as const) {
      expect((await app.call(call, {})).code).toBe(ErrorCode.NOT_SIGNED_IN);
    }
    expect((await app.call('delete_passkey', { passkey_id: 1 })).code).toBe(
      ErrorCode.NOT_SIGNED_IN,
    );
  });
});
