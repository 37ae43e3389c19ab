import type { SignInMethods } from '@yanzhi/contract';
import type { UserRow } from '../db/schema.js';
import type { Store } from '../repositories/store.js';
import { toPasskeyInfo } from '../views/passkey-view.js';

/**
 * How the signed-in user can come back to their account (ADR 0026): what the profile shows and
 * what sign-out warns about when there is no way back and photos would be stranded.
 */
export class SignInMethodsService {
  constructor(private readonly store: Store<'passkeys' | 'recoveryCodes' | 'uploads'>) {}

  async of(user: UserRow): Promise<SignInMethods> {
    const { passkeys, recoveryCodes, uploads } = this.store.repos;
    const [keys, code, photoCount] = await Promise.all([
      passkeys.listForUser(user.id),
      recoveryCodes.findForUser(user.id),
      uploads.countMine(user.id),
    ]);
    const hostLinked = user.host_user_id !== null;
    return {
      passkeys: keys.map(toPasskeyInfo),
      recovery_code_created_at: code ? new Date(code.created_at).toISOString() : null,
      host_linked: hostLinked,
      can_return: keys.length > 0 || code !== undefined || hostLinked,
      photo_count: photoCount,
    };
  }
}
