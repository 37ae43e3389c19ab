import { callApi } from '../../../lib/api-client';

/** The options of a passkey sign-in (discoverable credentials: no account named beforehand). */
export function beginPasskeySignIn() {
  return callApi('begin_passkey_sign_in', {});
}
