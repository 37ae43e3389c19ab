import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';
import { hasRowLocks } from './transaction.js';

/** Rows per statement when many rows are written at once on PostgreSQL (one JSON value). */
const BULK_CHUNK = 5000;
/**
 * Row counts of a SQLite bulk statement: a group of rows is padded to the first that holds it,
 * so each write prepares at most three texts (SqliteStore keeps them). The largest binds 1,024
 * values with 8 columns, far under SQLite's 32,766.
 */
const SQLITE_GROUP = 128;
const SQLITE_ROW_COUNTS: readonly number[] = [8, 32, SQLITE_GROUP];

export type JsonColumnType = 'integer' | 'bigint' | 'real' | 'text';
export type RowColumns = readonly (readonly [name: string, type: JsonColumnType])[];

/**
 * Many rows as one derived table `(select … ) as <alias>` unpacked by the database from a single
 * JSON parameter (json_each on SQLite, json_array_elements on PostgreSQL): one statement and one
 * bound value for thousands of rows, on both dialects. Each row is an array in `columns` order.
 * For the server's own writes use `writeRows`, which binds the rows on SQLite instead.
 */
export function jsonRows(
  db: Db,
  columns: RowColumns,
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

/**
 * Writes many rows with one statement per group: `statement(source)` is the write, `source` the
 * rows as a derived table named `alias`, `toRow` an item's values in `columns` order (called a
 * group at a time, so a million items never stand as rows all at once). Answers the rows the
 * statements return, in order. A group whose rows are not well formed is refused before it is
 * written.
 *
 * PostgreSQL unpacks 5,000 rows a statement from one JSON value (`jsonRows`). SQLite takes its
 * rows as a `VALUES` list of bound parameters, 128 a statement: unpacking JSON there costs about
 * twice as much per row (ADR 0029, stop-46 amendment). The list is padded with rows of nulls,
 * which the derived table drops, so the first column must never be null. The statement is
 * compiled once per group with a marker in place of the first value, and the values are put in
 * its place: building a Kysely node per value would cost more than the statement runs.
 */
export async function writeRows<T, R>(
  db: Db,
  columns: RowColumns,
  items: readonly T[],
  toRow: (item: T) => readonly unknown[],
  alias: string,
  statement: (source: RawBuilder<unknown>) => RawBuilder<R>,
): Promise<R[]> {
  const postgres = hasRowLocks(db);
  const groupSize = postgres ? BULK_CHUNK : SQLITE_GROUP;
  const fields = columns.map(
    ([name], index) => sql`${sql.raw(`column${String(index + 1)}`)} as ${sql.ref(name)}`,
  );
  const answered: R[] = [];
  for (let from = 0; from < items.length; from += groupSize) {
    const group = items.slice(from, from + groupSize).map(toRow);
    for (const row of group) {
      if (row.length !== columns.length || row[0] === null || row[0] === undefined) {
        throw new Error(
          `writeRows: a row needs ${String(columns.length)} values, the first not null`,
        );
      }
    }
    if (postgres) {
      const result = await statement(jsonRows(db, columns, group, alias)).execute(db);
      answered.push(...result.rows);
      continue;
    }
    const size = SQLITE_ROW_COUNTS.find((count) => count >= group.length) ?? SQLITE_GROUP;
    const source = sql`(select ${sql.join(fields)} from (values (${BOUND_ROWS}${sql.raw(placeholders(columns.length, size))})
      where column1 is not null) as ${sql.table(alias)}`;
    const compiled = statement(source).compile(db);
    const at = compiled.parameters.indexOf(BOUND_ROWS);
    if (at < 0) throw new Error('writeRows: the statement does not use its source');
    const values: unknown[] = [];
    // Undefined binds as null, as it serialises in JSON.
    for (const row of group) for (const value of row) values.push(value ?? null);
    for (let padding = (size - group.length) * columns.length; padding > 0; padding--) {
      values.push(null);
    }
    const parameters = [
      ...compiled.parameters.slice(0, at),
      ...values,
      ...compiled.parameters.slice(at + 1),
    ];
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    answered.push(...result.rows);
  }
  return answered;
}

/** Stands for the first bound value of a VALUES list while its statement is compiled. */
const BOUND_ROWS: object = Object.freeze({});

const placeholderTexts = new Map<string, string>();

/** `size` rows of `width` placeholders, less the first row's "(?" (the marker stands there). */
function placeholders(width: number, size: number): string {
  const key = `${String(width)}x${String(size)}`;
  let text = placeholderTexts.get(key);
  if (text === undefined) {
    const row = `(${Array.from({ length: width }, () => '?').join(', ')})`;
    text = Array.from({ length: size }, () => row)
      .join(', ')
      .slice(2);
    placeholderTexts.set(key, text);
  }
  return text;
}
