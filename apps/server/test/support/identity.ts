import {
  beginPasskeyRegistrationResponseSchema,
  beginPasskeySignInResponseSchema,
  sessionSchema,
  type Session,
} from '@yanzhi/contract';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { SoftAuthenticator, type Forgery } from './authenticator.js';

/** A signed-in host user with a session of ours. */
export async function signedIn(app: TestApp, sub: string): Promise<Session> {
  const result = await app.call('login_by_cookie', { cookie: app.hostToken(sub, { name: sub }) });
  expect(result.code, result.msg).toBe(0);
  return sessionSchema.parse(result.data);
}

export async function beginRegistration(app: TestApp, token: string) {
  const begun = await app.call('begin_passkey_registration', {}, { 'access-token': token });
  expect(begun.code, begun.msg).toBe(0);
  return beginPasskeyRegistrationResponseSchema.parse(begun.data);
}

/** Begins and finishes a registration with `authenticator`, forging its answer as asked. */
export async function registerPasskey(
  app: TestApp,
  token: string,
  authenticator: SoftAuthenticator,
  forgery: Forgery = {},
) {
  const { ceremony_id, options } = await beginRegistration(app, token);
  return app.call(
    'finish_passkey_registration',
    { ceremony_id, credential: authenticator.register(options, forgery) },
    { 'access-token': token },
  );
}

/** A new authenticator with a passkey saved for the user. */
export async function savedPasskey(app: TestApp, token: string): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator();
  const saved = await registerPasskey(app, token, authenticator);
  expect(saved.code, saved.msg).toBe(0);
  return authenticator;
}

export async function beginSignIn(app: TestApp) {
  const begun = await app.call('begin_passkey_sign_in', {});
  expect(begun.code, begun.msg).toBe(0);
  return beginPasskeySignInResponseSchema.parse(begun.data);
}

/** Begins and finishes a sign-in with `authenticator`, forging its answer as asked. */
export async function passkeySignIn(
  app: TestApp,
  authenticator: SoftAuthenticator,
  forgery: Forgery = {},
  headers: Record<string, string> = {},
) {
  const { ceremony_id, options } = await beginSignIn(app);
  const credential = authenticator.assert(options.challenge, options.rpId, forgery);
  return app.call('finish_passkey_sign_in', { ceremony_id, credential }, headers);
}

/** What a refused ceremony must leave as it was: sessions, passkeys and their counters. */
export async function identityState(app: TestApp) {
  const sessions = await app.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const passkeys = await app.db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'credential_id', 'counter', 'last_used_at'])
    .orderBy('id')
    .execute();
  const codes = await app.db
    .selectFrom('recovery_codes')
    .select(['user_id', 'lookup_id', 'secret_hash'])
    .orderBy('user_id')
    .execute();
  return { sessions: sessions.n, passkeys, codes };
}
