import type { PasskeyRegistrationResponse } from '@yanzhi/contract';
import { callApi } from '../../../lib/api-client';

/** Sends the authenticator's answer of one ceremony; the server verifies and saves the passkey. */
export function finishPasskeyRegistration(
  ceremonyId: string,
  credential: PasskeyRegistrationResponse,
  name: string,
) {
  return callApi('finish_passkey_registration', { ceremony_id: ceremonyId, credential, name });
}
