import { callApi } from '../../../lib/api-client';

/** The options (and the ceremony they belong to) for saving a passkey for the signed-in account. */
export function beginPasskeyRegistration() {
  return callApi('begin_passkey_registration', {});
}
