import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { PasskeyRow, PasskeysTable } from '../db/schema.js';

export type NewPasskey = Omit<Insertable<PasskeysTable>, 'id' | 'last_used_at'>;

/** Passkeys (WebAuthn credentials) and each account's user handle (ADR 0026). */
export class PasskeyRepository {
  constructor(private readonly db: Db) {}

  async findHandle(userId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('passkey_users')
      .select('user_handle')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.user_handle;
  }

  /** Stores the user's handle unless one is there already (two first registrations may race). */
  async insertHandleIfAbsent(userId: number, handle: string, at: number): Promise<void> {
    await this.db
      .insertInto('passkey_users')
      .values({ user_id: userId, user_handle: handle, created_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  listForUser(userId: number): Promise<PasskeyRow[]> {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  async countForUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  }

  insert(passkey: NewPasskey): Promise<PasskeyRow> {
    return this.db
      .insertInto('passkeys')
      .values({ ...passkey, last_used_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Records a sign-in: the new counter and when. Conditional on the counter read before the
   * check, so of two sign-ins verified against the same counter only one is recorded.
   */
  async recordUse(
    id: number,
    fromCounter: number,
    toCounter: number,
    at: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ counter: toCounter, last_used_at: at })
      .where('id', '=', id)
      .where('counter', '=', fromCounter)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deletes one of the user's passkeys; false when the user has none with that id. */
  async delete(id: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async deleteForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('passkey_users').where('user_id', '=', userId).execute();
  }
}
