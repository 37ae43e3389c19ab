import type { CallRequest } from '@yanzhi/contract';

type IdentityCall =
  | 'get_sign_in_methods'
  | 'begin_passkey_registration'
  | 'finish_passkey_registration'
  | 'begin_passkey_sign_in'
  | 'finish_passkey_sign_in'
  | 'delete_passkey'
  | 'create_recovery_code'
  | 'sign_in_with_recovery_code';

/**
 * Valid bodies of the standalone identity calls (ADR 0026): well-formed, answering no real
 * ceremony, passkey or code, so every mutation the fuzzer makes of them is a refusal.
 */
export function identityBodies(): { [N in IdentityCall]: CallRequest<N> } {
  return {
    get_sign_in_methods: {},
    begin_passkey_registration: {},
    finish_passkey_registration: {
      ceremony_id: 'ceremony-fuzz',
      credential: {
        id: 'Y3JlZA',
        rawId: 'Y3JlZA',
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
        clientExtensionResults: {},
        type: 'public-key',
      },
      name: 'fuzz',
    },
    begin_passkey_sign_in: {},
    finish_passkey_sign_in: {
      ceremony_id: 'ceremony-fuzz',
      credential: {
        id: 'Y3JlZA',
        rawId: 'Y3JlZA',
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        clientExtensionResults: {},
        type: 'public-key',
      },
    },
    delete_passkey: { passkey_id: 1 },
    create_recovery_code: {},
    sign_in_with_recovery_code: { code: '0000-0000-0000-0000-0000-0000' },
  };
}
