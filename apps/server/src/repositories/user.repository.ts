import { PreparedQuery } from '../db/prepared-query.js';
import type { Db } from '../db/database.js';
import type { NewUser, PhotoRow, UserRow } from '../db/schema.js';
import { userVoterKey } from './voter.repository.js';

/** Every signed-in request reads its user (a prepared query, ADR 0021). */
const BY_ID = new PreparedQuery<[id: number], UserRow>((db, arg) =>
  db.selectFrom('users').selectAll().where('id', '=', arg(0)),
);

export class UserRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<UserRow | undefined> {
    return BY_ID.first(this.db, id);
  }

  findByHostUserId(hostUserId: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('host_user_id', '=', hostUserId)
      .executeTakeFirst();
  }

  /** Inserts a user; the caller writes the ledger row of its opening balance. */
  insert(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Inserts the host's user unless a concurrent first request did (the unique index on
   * host_user_id); the new id, if this call made it.
   */
  async insertHostUserIfAbsent(
    hostUserId: string,
    nickname: string,
    fuelBalance: number,
    now: number,
  ): Promise<number | undefined> {
    const inserted = await this.db
      .insertInto('users')
      .values({
        nickname,
        avatar_url: null,
        role: 'user',
        status: 'active',
        host_user_id: hostUserId,
        device_id: null,
        is_device_account: 0,
        is_demo: 0,
        fuel_balance: fuelBalance,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('host_user_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  async setRole(id: number, role: UserRow['role'], now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ role, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Deletes the user and their personal data (DESIGN §4); answers the photos whose files must
   * go. Votes they cast stay without their name, so other photos keep their scores. Run it in a
   * transaction: it is several statements.
   */
  async deleteWithPersonalData(
    userId: number,
  ): Promise<Pick<PhotoRow, 'id' | 'display_key' | 'medium_key' | 'thumb_key'>[]> {
    const photos = await this.db
      .selectFrom('photos')
      .select(['id', 'display_key', 'medium_key', 'thumb_key'])
      .where('user_id', '=', userId)
      .execute();
    const voter = await this.db
      .selectFrom('voters')
      .select('id')
      .where('voter_key', '=', userVoterKey(userId))
      .executeTakeFirst();
    // A signed-in user's votes and pairs are their voter's (an anonymous voter's are moved into
    // it when they sign in): found through the voter's indexes, not by a scan of every vote and
    // pair ever stored (ADR 0032).
    if (voter) {
      for (const table of ['votes', 'served_pairs'] as const) {
        await this.db
          .updateTable(table)
          .set({ user_id: null })
          .where('voter_id', '=', voter.id)
          .where('user_id', '=', userId)
          .execute();
      }
    }
    await this.db
      .updateTable('reports')
      .set({ reporter_user_id: null, reporter_address: null })
      .where('reporter_user_id', '=', userId)
      .execute();
    if (voter) {
      await this.db.deleteFrom('voter_achievements').where('voter_id', '=', voter.id).execute();
      await this.db.deleteFrom('fuel_ledger').where('voter_id', '=', voter.id).execute();
    }
    // Sessions, photos, the user's voter rows and fuel ledger go with the user (cascades).
    await this.db.deleteFrom('users').where('id', '=', userId).execute();
    return photos;
  }

  listDemoUsers(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().where('is_demo', '=', 1).orderBy('id').execute();
  }

  async deleteDemoUsers(): Promise<number> {
    const result = await this.db.deleteFrom('users').where('is_demo', '=', 1).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
