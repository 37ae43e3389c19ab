import type { PasskeyAuthenticationResponse } from '@yanzhi/contract';
import { callApi } from '../../../lib/api-client';

/** Sends the passkey's assertion; the answer is a session for the passkey's account. */
export function finishPasskeySignIn(ceremonyId: string, credential: PasskeyAuthenticationResponse) {
  return callApi('finish_passkey_sign_in', { ceremony_id: ceremonyId, credential });
}
