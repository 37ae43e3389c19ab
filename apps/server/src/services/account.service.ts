import {
  cardFolderOf,
  photoFileKeys,
  type MediaRepository,
} from '../repositories/media.repository.js';
import type { Store } from '../repositories/store.js';
import type { ArenaIndexes } from '../indexes/arena-indexes.js';

/**
 * Account deletion (DESIGN §4): the user's photos, their files and personal data go for good.
 * Votes they cast stay (without their name) so other photos keep their scores.
 */
export class AccountService {
  constructor(
    private readonly store: Store<'authCeremonies' | 'passkeys' | 'recoveryCodes' | 'users'>,
    private readonly media: MediaRepository,
    private readonly indexes: ArenaIndexes,
  ) {}

  async deleteAccount(userId: number): Promise<{ deleted: true }> {
    const files = await this.store.transaction(async (repos) => {
      // The ways back in go first: nothing may sign in to an account being deleted.
      await repos.passkeys.deleteForUser(userId);
      await repos.authCeremonies.deleteForUser(userId);
      await repos.recoveryCodes.deleteForUser(userId);
      return repos.users.deleteWithPersonalData(userId);
    });
    await this.media.deleteKeys(files.flatMap(photoFileKeys));
    await this.media.deleteFolders(files.map((photo) => cardFolderOf(photo.id)));
    this.indexes.invalidateAll();
    return { deleted: true };
  }
}
