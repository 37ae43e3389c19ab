import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

const FIT_COLUMNS = ['fit_mu', 'fit_precision', 'fit_evidence'] as const;

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const real = sql.raw(postgres ? 'double precision' : 'real');
  // The last fit's belief of each photo (ADR 0029), moved out of the photos' rows into a narrow
  // table of its own that no vote writes: an incremental refit rewrites the fit state of every
  // photo its votes name, without locking their rows, and the photos' own rows (the shown
  // values) only where the fit moved them beyond what the online updates already show (issue
  // 19). A photo without a row has not been fitted yet (the prior applies).
  await db.schema
    .createTable('photo_fits')
    .addColumn('photo_id', 'integer', (col) =>
      col.primaryKey().references('photos.id').onDelete('cascade'),
    )
    .addColumn('fit_mu', real, (col) => col.notNull())
    .addColumn('fit_precision', real, (col) => col.notNull())
    .addColumn('fit_evidence', real, (col) => col.notNull())
    // The day and score a refit last recorded in photo_score_days for the photo: an increment
    // records today's score again only when it moved (null: none recorded since this table).
    .addColumn('recorded_day', 'text')
    .addColumn('recorded_score', 'integer')
    .execute();
  if (postgres) {
    // Every increment rewrites rows here: room on each page keeps the updates heap-only.
    await sql`alter table photo_fits set (fillfactor = 80)`.execute(db);
  }
  await sql`insert into photo_fits (photo_id, fit_mu, fit_precision, fit_evidence)
    select id, fit_mu, fit_precision, fit_evidence from photos
    where fit_mu is not null and fit_precision is not null and fit_evidence is not null`.execute(
    db,
  );
  for (const column of FIT_COLUMNS) {
    await db.schema.alterTable('photos').dropColumn(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const real = sql.raw(isPostgres(db) ? 'double precision' : 'real');
  for (const column of FIT_COLUMNS) {
    await db.schema.alterTable('photos').addColumn(column, real).execute();
  }
  await sql`update photos set fit_mu = f.fit_mu, fit_precision = f.fit_precision,
      fit_evidence = f.fit_evidence
    from photo_fits f where f.photo_id = photos.id`.execute(db);
  await db.schema.dropTable('photo_fits').execute();
}
