import { PreparedQuery } from '../db/prepared-query.js';
import type { Db } from '../db/database.js';
import type { Insertable } from 'kysely';
import type { SessionRow, SessionsTable } from '../db/schema.js';

export type NewSession = Omit<
  Insertable<SessionsTable>,
  'id' | 'last_used_at' | 'revoked_at' | 'revoked_reason'
>;

/** Every signed-in request looks its session up (a prepared query, ADR 0021). */
const BY_ACCESS_HASH = new PreparedQuery<[hash: string], SessionRow>((db, arg) =>
  db.selectFrom('sessions').selectAll().where('access_hash', '=', arg(0)),
);

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(session: NewSession): Promise<SessionRow> {
    return this.db
      .insertInto('sessions')
      .values({
        ...session,
        last_used_at: session.created_at,
        revoked_at: null,
        revoked_reason: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findByAccessHash(hash: string): Promise<SessionRow | undefined> {
    return BY_ACCESS_HASH.first(this.db, hash);
  }

  findByRefreshHash(hash: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('refresh_hash', '=', hash)
      .executeTakeFirst();
  }

  /**
   * Marks a live session revoked; false when it was already revoked (so of two concurrent
   * refreshes with the same token exactly one wins).
   */
  async revoke(
    id: number,
    reason: NonNullable<SessionRow['revoked_reason']>,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeFamily(
    familyId: string,
    reason: NonNullable<SessionRow['revoked_reason']>,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async touch(id: number, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  async revokeHostToken(tokenHash: string, expiresAt: number, now: number): Promise<void> {
    await this.db
      .insertInto('token_revocations')
      .values({ token_hash: tokenHash, expires_at: expiresAt, created_at: now })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
  }

  async isHostTokenRevoked(tokenHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('token_revocations')
      .select('token_hash')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row !== undefined;
  }
}
