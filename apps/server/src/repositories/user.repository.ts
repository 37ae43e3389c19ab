import { PreparedQuery } from '../db/prepared-query.js';
import type { Db } from '../db/database.js';
import type { NewUser, UserRow } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { WELCOME_FUEL } from '../domain/fuel.js';

type NewUserFields = Omit<NewUser, 'fuel_balance'>;

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

  /** Creates a user with the welcome fuel of spec §3, written to the ledger like any change. */
  async create(user: NewUserFields): Promise<UserRow> {
    return inTransaction(this.db, async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({ ...user, fuel_balance: WELCOME_FUEL })
        .returningAll()
        .executeTakeFirstOrThrow();
      await grantWelcomeFuel(trx, row.id, user.created_at);
      return row;
    });
  }

  /**
   * The host's user, created on first sight. Two first requests may race: the unique index
   * on host_user_id lets one insert win and the other read it.
   */
  async findOrCreateHostUser(hostUserId: string, nickname: string, now: number): Promise<UserRow> {
    const existing = await this.findByHostUserId(hostUserId);
    if (existing) return existing;
    await inTransaction(this.db, async (trx) => {
      const inserted = await trx
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
          fuel_balance: WELCOME_FUEL,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('host_user_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) await grantWelcomeFuel(trx, inserted.id, now);
    });
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

async function grantWelcomeFuel(db: Db, userId: number, now: number): Promise<void> {
  await db
    .insertInto('fuel_ledger')
    .values({
      user_id: userId,
      voter_id: null,
      amount: WELCOME_FUEL,
      reason: 'welcome',
      ref: null,
      created_at: now,
    })
    .execute();
}
