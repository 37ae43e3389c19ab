import { callApi } from '../../../lib/api-client';

/** The user of a token (spec §7); the access-token header wins over the body on the server. */
export function fetchUserInfo(token: string) {
  return callApi('get_user_info', { token });
}
