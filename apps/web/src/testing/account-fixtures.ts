import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { PasskeyInfo, RecoveryCode, Session, SignInMethods } from '@yanzhi/contract';
import { vi } from 'vitest';
import { USER_INFO } from './mock-api';

/** The account's ways back in, as get_sign_in_methods answers them, for the account tests. */

export const PASSKEY: PasskeyInfo = {
  id: 31,
  name: 'iPhone 上的 Safari',
  created_at: '2026-11-01T08:00:00.000Z',
  last_used_at: '2026-11-20T08:00:00.000Z',
};

/** A device account with one photo and no way back in, unless `overrides` say otherwise. */
export function methods(overrides: Partial<SignInMethods> = {}): SignInMethods {
  return {
    passkeys: [],
    recovery_code_created_at: null,
    host_linked: false,
    can_return: false,
    photo_count: 1,
    ...overrides,
  };
}

export const CODE: RecoveryCode = {
  code: 'K7QM-2XWD-9PTR-4HBN-6YCF-3JVA',
  created_at: '2026-11-25T06:00:00.000Z',
};

export const NEXT_CODE: RecoveryCode = {
  code: 'M8RN-3YXE-0QVS-5JCP-7ZDG-4KWB',
  created_at: '2026-11-25T07:00:00.000Z',
};

/** The session a sign-in answers with: user 7 (小明), as get_user_info then confirms. */
export const SESSION: Session = {
  token: 'at_signed_in',
  refresh_token: 'rt_signed_in',
  expires_at: '2026-12-02T00:00:00.000Z',
  refresh_expires_at: '2027-02-23T00:00:00.000Z',
  userInfo: { ...USER_INFO },
};

/** What the browser's navigator.credentials.create gave, as @simplewebauthn/browser returns it. */
export const REGISTRATION: RegistrationResponseJSON = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  response: { clientDataJSON: 'Y2Q', attestationObject: 'YW8', transports: ['internal'] },
  authenticatorAttachment: 'platform',
  clientExtensionResults: { credProps: { rk: true } },
  type: 'public-key',
};

/** What navigator.credentials.get gave, as @simplewebauthn/browser returns it. */
export const ASSERTION: AuthenticationResponseJSON = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  response: {
    clientDataJSON: 'Y2Q',
    authenticatorData: 'YWQ',
    signature: 'c2ln',
    userHandle: 'dTc',
  },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
  type: 'public-key',
};

/** An error as the browser raises it for a ceremony (NotAllowedError: closed or timed out). */
export function ceremonyError(name: string): Error {
  return Object.assign(new Error(`${name} from the browser`), { name });
}

/** A browser with WebAuthn (happy-dom has none: without this, passkeys count as unavailable). */
export function withPasskeys(): void {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
}
