import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../../src/db/database.js';
import type { Dialect } from '../../support/database.js';

/** Row counts and a checksum of every table, and the media folder listing. */
export interface StateSnapshot {
  tables: Record<string, { rows: number; checksum: string }>;
  media: string[];
}

async function tableNames(db: Db, dialect: Dialect): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' order by name`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

/** A row as stable text: keys sorted, bytes as hex, big numbers as strings. */
function rowText(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((key) => {
        const value = row[key];
        if (Buffer.isBuffer(value)) return [key, `hex:${value.toString('hex')}`];
        if (typeof value === 'bigint') return [key, `big:${value.toString()}`];
        if (value instanceof Date) return [key, `date:${value.toISOString()}`];
        return [key, value];
      }),
  );
}

function mediaListing(mediaDir: string): string[] {
  if (!fs.existsSync(mediaDir)) return [];
  return fs
    .readdirSync(mediaDir, { recursive: true, encoding: 'utf8' })
    .map((entry) => {
      const stat = fs.statSync(path.join(mediaDir, entry));
      return `${entry} ${stat.isDirectory() ? 'dir' : `${stat.size} ${stat.mtimeMs}`}`;
    })
    .sort();
}

/**
 * Every row of every table (sorted, so the order rows come back in does not matter, which is
 * the same as ordering by the primary key) hashed per table, plus every file under media.
 */
export async function snapshotState(
  db: Db,
  dialect: Dialect,
  mediaDir: string,
): Promise<StateSnapshot> {
  const tables: StateSnapshot['tables'] = {};
  for (const name of await tableNames(db, dialect)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
      db,
    );
    const hash = createHash('sha256');
    for (const text of rows.map(rowText).sort()) hash.update(text).update('\n');
    tables[name] = { rows: rows.length, checksum: hash.digest('hex') };
  }
  return { tables, media: mediaListing(mediaDir) };
}
