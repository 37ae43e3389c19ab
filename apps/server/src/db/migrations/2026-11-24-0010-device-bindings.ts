import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An anonymous id is a name, not a credential (DESIGN §4, ADR 0022): the first request that
  // names it binds it to the caller's device secret, stored only as a SHA-256 hash.
  await db.schema
    .createTable('device_bindings')
    .addColumn('anonymous_id', 'text', (col) => col.primaryKey())
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('neighbourhood', 'text', (col) => col.notNull())
    // The hash of the x-session-id header of first sight: lets that same page's concurrent
    // first requests through before its cookie arrives (ADR 0022).
    .addColumn('session_hash', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // One browser's secret may hold several ids (its device id changed): found by hash.
  await db.schema
    .createIndex('device_bindings_secret_hash_idx')
    .on('device_bindings')
    .column('secret_hash')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_bindings').execute();
}
