import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import {
  cardFolderOf,
  photoFileKeys,
  type MediaRepository,
} from '../repositories/media.repository.js';
import { userVoterKey } from '../repositories/voter.repository.js';
import type { ArenaIndexes } from './arena-indexes.js';

/**
 * Account deletion (DESIGN §4): the user's photos, their files and personal data go for good.
 * Votes they cast stay (without their name) so other photos keep their scores.
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaRepository,
    private readonly indexes: ArenaIndexes,
  ) {}

  async deleteAccount(userId: number): Promise<{ deleted: true }> {
    const files = await inTransaction(this.db, async (trx) => {
      const photos = await trx
        .selectFrom('photos')
        .select(['id', 'display_key', 'medium_key', 'thumb_key'])
        .where('user_id', '=', userId)
        .execute();
      const voter = await trx
        .selectFrom('voters')
        .select('id')
        .where('voter_key', '=', userVoterKey(userId))
        .executeTakeFirst();
      await trx.updateTable('votes').set({ user_id: null }).where('user_id', '=', userId).execute();
      await trx
        .updateTable('served_pairs')
        .set({ user_id: null })
        .where('user_id', '=', userId)
        .execute();
      await trx
        .updateTable('reports')
        .set({ reporter_user_id: null, reporter_address: null })
        .where('reporter_user_id', '=', userId)
        .execute();
      if (voter) {
        await trx.deleteFrom('voter_achievements').where('voter_id', '=', voter.id).execute();
        await trx.deleteFrom('fuel_ledger').where('voter_id', '=', voter.id).execute();
      }
      // Sessions, photos, the user's voter rows and fuel ledger go with the user (cascades).
      await trx.deleteFrom('users').where('id', '=', userId).execute();
      return photos;
    });
    await this.media.deleteKeys(files.flatMap(photoFileKeys));
    await this.media.deleteFolders(files.map((photo) => cardFolderOf(photo.id)));
    this.indexes.invalidateAll();
    return { deleted: true };
  }
}
