import type { Db } from '../db/database.js';
import type { AuthCeremonyRow, CeremonyKind } from '../db/schema.js';

/** Single-use WebAuthn challenges, in the database so every instance sees them (ADR 0026). */
export class AuthCeremonyRepository {
  constructor(private readonly db: Db) {}

  async create(row: AuthCeremonyRow): Promise<void> {
    await this.db.insertInto('auth_ceremonies').values(row).execute();
  }

  /**
   * Takes a live ceremony of this kind and user, deleting it in the same statement: of two
   * concurrent finishes exactly one gets the row. Another user's, the other kind's or an
   * expired ceremony is left where it is and nothing is returned.
   */
  consume(
    id: string,
    kind: CeremonyKind,
    userId: number | null,
    now: number,
  ): Promise<AuthCeremonyRow | undefined> {
    return this.db
      .deleteFrom('auth_ceremonies')
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('user_id', userId === null ? 'is' : '=', userId)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** Drops expired ceremonies, so abandoned ones do not pile up. */
  async pruneExpired(now: number): Promise<void> {
    await this.db.deleteFrom('auth_ceremonies').where('expires_at', '<=', now).execute();
  }

  async deleteForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('auth_ceremonies').where('user_id', '=', userId).execute();
  }
}
