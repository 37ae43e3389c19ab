import { callApi } from '../../../lib/api-client';

/** Revokes the current session on the server (DESIGN §3). */
export function revokeSession() {
  return callApi('sign_out', {});
}
