/**
 * What each table of a database holds: its rows, the bytes of its own pages (heap and TOAST on
 * PostgreSQL, the table's b-tree on SQLite) and of each of its indexes. SQLite's figures come from
 * the `dbstat` table (pages in use, the WAL included); PostgreSQL's from `pg_table_size` and
 * `pg_relation_size` in the connection's schema.
 */
import { sql } from 'kysely';
import type { DatabaseKind, Db } from '../../apps/server/src/db/database.js';

export interface TableSize {
  table: string;
  rows: number;
  tableBytes: number;
  /** Index name → bytes. */
  indexes: Map<string, number>;
}

export async function tableSizes(db: Db, kind: DatabaseKind): Promise<Map<string, TableSize>> {
  const tables = new Map<string, TableSize>();
  const table = (name: string): TableSize => {
    let entry = tables.get(name);
    if (!entry) {
      entry = { table: name, rows: 0, tableBytes: 0, indexes: new Map() };
      tables.set(name, entry);
    }
    return entry;
  };
  if (kind === 'sqlite') {
    const { rows } = await sql<{ name: string; tbl: string; type: string; bytes: number | string }>`
      select s.name as name, m.tbl_name as tbl, m.type as type, sum(s.pgsize) as bytes
      from dbstat as s join sqlite_schema as m on m.name = s.name
      where m.name not like 'sqlite_%'
      group by s.name`.execute(db);
    for (const row of rows) {
      if (row.type === 'table') table(row.tbl).tableBytes = Number(row.bytes);
      else table(row.tbl).indexes.set(row.name, Number(row.bytes));
    }
  } else {
    const { rows } = await sql<{ name: string; tbl: string; kind: string; bytes: string }>`
      select c.relname as name, coalesce(t.relname, c.relname) as tbl, c.relkind as kind,
        case when c.relkind = 'r' then pg_table_size(c.oid) else pg_relation_size(c.oid) end as bytes
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      left join pg_index i on i.indexrelid = c.oid
      left join pg_class t on t.oid = i.indrelid
      where c.relkind in ('r', 'i')`.execute(db);
    for (const row of rows) {
      if (row.kind === 'r') table(row.tbl).tableBytes = Number(row.bytes);
      else table(row.tbl).indexes.set(row.name, Number(row.bytes));
    }
  }
  for (const entry of tables.values()) {
    if (entry.table === 'kysely_migration' || entry.table === 'kysely_migration_lock') continue;
    const { rows } = await sql<{ count: number | string }>`
      select count(*) as count from ${sql.table(entry.table)}`.execute(db);
    entry.rows = Number(rows[0]?.count ?? 0);
  }
  return tables;
}

/** A table's bytes with its indexes. */
export function totalBytes(size: TableSize): number {
  let total = size.tableBytes;
  for (const bytes of size.indexes.values()) total += bytes;
  return total;
}
