import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DatabaseKind = Config['database']['kind'];

// PostgreSQL returns int8 (bigint: our epoch-ms columns and counts) as strings by default.
// Every such value we store fits in a double, so read them as numbers on both dialects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  close: () => Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: the schema to use (tests isolate themselves in a schema each). */
  searchPath?: string;
  poolSize?: number;
}

/**
 * Opens the configured database. SQLite runs in WAL mode with synchronous=FULL, so an
 * acknowledged write survives a process kill and a power loss (ADR 0003).
 */
export function openDatabase(
  database: Config['database'],
  options: OpenDatabaseOptions = {},
): DatabaseHandle {
  if (database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
