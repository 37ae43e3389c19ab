import { callApi } from '../../../lib/api-client';

/**
 * Spends a recovery code as typed: the server reads it leniently (case, spaces, dashes, look-alike
 * letters), so the app sends it as it is. The answer is a session and the code that replaces it.
 */
export function signInWithRecoveryCode(code: string) {
  return callApi('sign_in_with_recovery_code', { code });
}
