import type { Db } from '../db/database.js';
import type { DeviceBindingRow } from '../db/schema.js';
import { PreparedQuery } from '../db/prepared-query.js';

/** Every id-naming call looks its binding up (a prepared query, ADR 0021). */
const BY_ANONYMOUS_ID = new PreparedQuery<[anonymousId: string], DeviceBindingRow>((db, arg) =>
  db.selectFrom('device_bindings').selectAll().where('anonymous_id', '=', arg(0)),
);

/** Anonymous ids and the hashes of the device secrets they are bound to (ADR 0022). */
export class DeviceBindingRepository {
  constructor(private readonly db: Db) {}

  find(anonymousId: string): Promise<DeviceBindingRow | undefined> {
    return BY_ANONYMOUS_ID.first(this.db, anonymousId);
  }

  /** The id most recently bound to a device secret's hash, if any (an index on the hash). */
  async latestBoundTo(secretHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('device_bindings')
      .select('anonymous_id')
      .where('secret_hash', '=', secretHash)
      .orderBy('created_at', 'desc')
      .orderBy('anonymous_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.anonymous_id;
  }

  /** Binds an unseen id; false when another request bound it first (the caller reads it again). */
  async bind(row: DeviceBindingRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto('device_bindings')
      .values(row)
      .onConflict((oc) => oc.column('anonymous_id').doNothing())
      .returning('anonymous_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
