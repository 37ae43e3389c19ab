import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An account's deletion takes its name off the reports it made and drops its WebAuthn
  // ceremonies (a cascade): both looked the user up in a table walk, every report ever made in
  // one transaction. Each is now an index search.
  await db.schema
    .createIndex('reports_reporter_user_idx')
    .on('reports')
    .column('reporter_user_id')
    .where(sql.ref('reporter_user_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('auth_ceremonies_user_idx')
    .on('auth_ceremonies')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_ceremonies_user_idx').execute();
  await db.schema.dropIndex('reports_reporter_user_idx').execute();
}
