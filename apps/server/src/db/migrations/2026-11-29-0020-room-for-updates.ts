import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/** The tables a refit rewrites rows of, with the room each of their pages keeps (percent full). */
const FILLED = { photos: 80, photo_score_days: 80, voters: 80 } as const;

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL writes an updated row as a new version. With room on its page and no indexed
  // column changed, the new version stays there and no index is touched (a heap-only update);
  // on a full page it goes elsewhere and every index of the table gains an entry. The photos
  // table has ten indexes and its pages were filled to the brim: a refit's update of 2,500
  // photos took 180–250 ms, against 25 ms with a fifth of each page kept free (issue 19). It
  // applies to pages written from now on; `VACUUM FULL` rewrites the old ones (docs/capacity.md).
  // SQLite updates a row in place and has no such setting.
  if (!isPostgres(db)) return;
  for (const [table, percent] of Object.entries(FILLED)) {
    await sql`alter table ${sql.table(table)} set (fillfactor = ${sql.lit(percent)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of Object.keys(FILLED)) {
    await sql`alter table ${sql.table(table)} reset (fillfactor)`.execute(db);
  }
}
