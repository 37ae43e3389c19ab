import type { Db } from '../db/database.js';
import type { NewUser, UserRow } from '../db/schema.js';

export class UserRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByHostUserId(hostUserId: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('host_user_id', '=', hostUserId)
      .executeTakeFirst();
  }

  async create(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * The host's user, created on first sight. Two first requests may race: the unique index
   * on host_user_id lets one insert win and the other read it.
   */
  async findOrCreateHostUser(hostUserId: string, nickname: string, now: number): Promise<UserRow> {
    const existing = await this.findByHostUserId(hostUserId);
    if (existing) return existing;
    await this.db
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
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('host_user_id').doNothing())
      .execute();
    const created = await this.findByHostUserId(hostUserId);
    if (!created) throw new Error(`host user ${hostUserId} vanished after insert`);
    return created;
  }

  async setRole(id: number, role: UserRow['role'], now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ role, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  listDemoUsers(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().where('is_demo', '=', 1).orderBy('id').execute();
  }

  async deleteDemoUsers(): Promise<number> {
    const result = await this.db.deleteFrom('users').where('is_demo', '=', 1).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
