import {
  ErrorCode,
  beginPasskeyRegistrationResponseSchema,
  beginPasskeySignInResponseSchema,
  sessionSchema,
} from '@yanzhi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../support/authenticator.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';
import { signedIn } from '../support/identity.js';

describe.each(dialects)('the passkeys’ relying party on %s', (dialect) => {
  let app: TestApp;
  afterEach(() => app.close());

  /** Registers and signs in with the browser at `origin`, sending `headers` with each call. */
  async function ceremonies(origin: string, headers: Record<string, string> = {}) {
    const owner = await signedIn(app, `rp-${dialect}`);
    const auth = { ...headers, 'access-token': owner.token };
    const authenticator = new SoftAuthenticator();
    const { ceremony_id, options } = beginPasskeyRegistrationResponseSchema.parse(
      (await app.call('begin_passkey_registration', {}, auth)).data,
    );
    const rpId = options.rp.id ?? '';
    const registered = await app.call(
      'finish_passkey_registration',
      { ceremony_id, credential: authenticator.register(options, { origin }) },
      auth,
    );
    const begun = beginPasskeySignInResponseSchema.parse(
      (await app.call('begin_passkey_sign_in', {}, headers)).data,
    );
    const signedInAgain = await app.call(
      'finish_passkey_sign_in',
      {
        ceremony_id: begun.ceremony_id,
        credential: authenticator.assert(begun.options.challenge, rpId, { origin }),
      },
      headers,
    );
    return { rpId, signInRpId: begun.options.rpId, registered, signedInAgain };
  }

  it('takes the relying party from PUBLIC_URL when it is set', async () => {
    app = await createTestApp(dialect, { PUBLIC_URL: 'https://arena.example/' });
    const right = await ceremonies('https://arena.example');
    expect(right).toMatchObject({ rpId: 'arena.example', signInRpId: 'arena.example' });
    expect(right.registered.code, right.registered.msg).toBe(0);
    expect(sessionSchema.parse(right.signedInAgain.data).token).toMatch(/^at_/);
    // The request's own host does not count then.
    const wrong = await ceremonies('http://localhost');
    expect(wrong.registered.code).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
  });

  it('takes it from the request otherwise, the forwarded scheme and host only with TRUST_PROXY', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'phone.example' };
    app = await createTestApp(dialect, { TRUST_PROXY: 'true' });
    const behindProxy = await ceremonies('https://phone.example', forwarded);
    expect(behindProxy.rpId).toBe('phone.example');
    expect(behindProxy.registered.code, behindProxy.registered.msg).toBe(0);
    expect(behindProxy.signedInAgain.code, behindProxy.signedInAgain.msg).toBe(0);
    await app.close();

    app = await createTestApp(dialect);
    const direct = await ceremonies('http://localhost', forwarded);
    expect(direct.rpId).toBe('localhost');
    expect(direct.registered.code, direct.registered.msg).toBe(0);
  });
});
