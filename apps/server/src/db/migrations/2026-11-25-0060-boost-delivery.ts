import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 18: a boost run's exposures bought and the start of its delivery schedule (the owner
  // sees "已曝光 N / M", N = bought − remaining; pairing paces the run), and every boosted exposure
  // ever settled (organic pairing does not count those comparisons). A run already under way keeps
  // no schedule (null start: served as before) and counts from here.
  await db.schema
    .alterTable('photos')
    .addColumn('boost_bought', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('photos').addColumn('boost_started_at', 'bigint').execute();
  await db.schema
    .alterTable('photos')
    .addColumn('boost_served', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update photos set boost_bought = boost_remaining where boost_remaining > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['boost_served', 'boost_started_at', 'boost_bought']) {
    await db.schema.alterTable('photos').dropColumn(column).execute();
  }
}
