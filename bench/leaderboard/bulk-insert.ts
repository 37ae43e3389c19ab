/**
 * Many rows in few statements: each statement carries CHUNK rows as one JSON array, unpacked by
 * the database (json_each on SQLite, json_array_elements on PostgreSQL).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db, DatabaseKind } from '../../apps/server/src/db/database.js';

const CHUNK = 20_000;

export type Column = readonly [name: string, type: 'int' | 'bigint' | 'text'];

function field(kind: DatabaseKind, index: number, type: Column[1]): RawBuilder<unknown> {
  return kind === 'sqlite'
    ? sql.raw(`value ->> ${index}`)
    : sql.raw(`(value ->> ${index})::${type}`);
}

function rowsOf(kind: DatabaseKind, json: string): RawBuilder<unknown> {
  return kind === 'sqlite'
    ? sql`json_each(${json})`
    : sql`json_array_elements(${json}::json) as r(value)`;
}

/** Inserts `rows` (arrays in `columns` order) plus fixed expressions, CHUNK rows a statement. */
export async function bulkInsert(
  db: Db,
  kind: DatabaseKind,
  table: string,
  columns: readonly Column[],
  fixed: Record<string, RawBuilder<unknown>>,
  count: number,
  row: (index: number) => unknown[],
): Promise<void> {
  const names = [...columns.map(([name]) => name), ...Object.keys(fixed)];
  const values = [
    ...columns.map(([, type], index) => field(kind, index, type)),
    ...Object.values(fixed),
  ];
  for (let from = 0; from < count; from += CHUNK) {
    const chunk: unknown[][] = [];
    for (let index = from; index < Math.min(count, from + CHUNK); index += 1) {
      chunk.push(row(index));
    }
    await sql`insert into ${sql.table(table)} (${sql.join(names.map((name) => sql.ref(name)))})
      select ${sql.join(values)} from ${rowsOf(kind, JSON.stringify(chunk))}`.execute(db);
  }
}
