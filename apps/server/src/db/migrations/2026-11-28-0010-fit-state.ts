import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  const real = isPostgres(db) ? 'double precision' : 'real';
  // What the last fit (full or incremental) believes of a photo, apart from the online moves of
  // the votes since (issue 19, ADR 0029): its MAP strength, the Laplace precision of the fit
  // there and the precision of its evidence. The incremental refit starts from them. Null: no
  // fit has seen the photo yet (the prior applies).
  for (const column of ['fit_mu', 'fit_precision', 'fit_evidence']) {
    await db.schema.alterTable('photos').addColumn(column, sql.raw(real)).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['fit_evidence', 'fit_precision', 'fit_mu']) {
    await db.schema.alterTable('photos').dropColumn(column).execute();
  }
}
