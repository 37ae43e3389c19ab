import type { Db } from '../db/database.js';
import type { RecoveryCodeRow } from '../db/schema.js';

/** Each account's one recovery code: its lookup id and the slow hash of its secret (ADR 0026). */
export class RecoveryCodeRepository {
  constructor(private readonly db: Db) {}

  findByLookup(lookupId: string): Promise<RecoveryCodeRow | undefined> {
    return this.db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('lookup_id', '=', lookupId)
      .executeTakeFirst();
  }

  findForUser(userId: number): Promise<RecoveryCodeRow | undefined> {
    return this.db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Stores the user's code, replacing the one they had. */
  async put(row: RecoveryCodeRow): Promise<void> {
    await this.db
      .insertInto('recovery_codes')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          lookup_id: row.lookup_id,
          secret_hash: row.secret_hash,
          created_at: row.created_at,
        }),
      )
      .execute();
  }

  /**
   * Spends the code `spentLookupId` by putting its replacement in its place, only if it is still
   * the user's code: of two concurrent uses exactly one replaces it.
   */
  async replace(spentLookupId: string, next: RecoveryCodeRow): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({
        lookup_id: next.lookup_id,
        secret_hash: next.secret_hash,
        created_at: next.created_at,
      })
      .where('user_id', '=', next.user_id)
      .where('lookup_id', '=', spentLookupId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }
}
