import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';
import { hasRowLocks } from './transaction.js';

/** Rows per statement when many rows are written at once. */
export const BULK_CHUNK = 5000;

export type JsonColumnType = 'integer' | 'bigint' | 'real' | 'text';

/**
 * Many rows as one derived table `(select … ) as <alias>` unpacked by the database from a single
 * JSON parameter (json_each on SQLite, json_array_elements on PostgreSQL): one statement and one
 * bound value for thousands of rows, on both dialects. Each row is an array in `columns` order.
 */
export function jsonRows(
  db: Db,
  columns: readonly (readonly [name: string, type: JsonColumnType])[],
  rows: readonly (readonly unknown[])[],
  alias: string,
): RawBuilder<unknown> {
  const postgres = hasRowLocks(db);
  const fields = columns.map(([name, type], index) =>
    postgres
      ? sql`(value ->> ${sql.lit(index)})::${sql.raw(type === 'real' ? 'double precision' : type)} as ${sql.ref(name)}`
      : sql`value ->> ${sql.lit(index)} as ${sql.ref(name)}`,
  );
  const json = JSON.stringify(rows);
  const source = postgres
    ? sql`json_array_elements(${json}::json) as r(value)`
    : sql`json_each(${json})`;
  return sql`(select ${sql.join(fields)} from ${source}) as ${sql.table(alias)}`;
}

/** Splits `rows` into chunks of BULK_CHUNK. */
export function* chunks<T>(rows: readonly T[]): Generator<readonly T[]> {
  for (let from = 0; from < rows.length; from += BULK_CHUNK) {
    yield rows.slice(from, from + BULK_CHUNK);
  }
}
