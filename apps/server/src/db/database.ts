import fs from 'node:fs';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { CurrentSchemaPostgresDialect } from './pg-introspector.js';
import { prepareStatementsOn } from './pg-statements.js';
import { SqliteStore } from './sqlite-store.js';

export type Db = Kysely<Database>;
export type DatabaseKind = Config['database']['kind'];

// PostgreSQL returns int8 (bigint: our epoch-ms columns and counts) as strings by default.
// Every such value we store fits in a double, so read them as numbers on both dialects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Where the database is, for a second connection of this process: the refit's worker thread
 * reads its input through one of its own (ADR 0029, stop 42). PostgreSQL's schema is the
 * handle's `search_path` (tests isolate themselves in a schema each).
 */
export type DatabaseAddress =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; searchPath?: string };

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  address: DatabaseAddress;
  /**
   * Resolves once every write made before the call is committed and on disk. SQLite: the open
   * batch commits and a group-commit flush of the WAL follows (ADR 0016, ADR 0020); `since` is
   * the `epoch()` noted when the caller began, and the promise rejects when writes made since
   * then were lost. PostgreSQL: at once, its COMMIT already waited for the disk.
   */
  durable: (since?: number) => Promise<void>;
  /** Where the writes made from now on belong (SQLite's batches); 0 on PostgreSQL. */
  epoch: () => number;
  /**
   * For a writer of many chunks (a refit), after each: commits the writes made so far outside a
   * transaction without waiting for the disk, and resolves, with the milliseconds the commit
   * held the event loop, when it may write on (SQLite: its open batch, ADR 0020, around the
   * checkpoints it waits for, sqlite-store `settle`); on PostgreSQL, whose transactions commit
   * themselves, at once with 0.
   */
  settle: () => Promise<number>;
  close: () => Promise<void>;
}

/** Resolves when the database answers a trivial query (the health probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: the schema to use (tests isolate themselves in a schema each). */
  searchPath?: string;
  poolSize?: number;
}

/**
 * Opens the configured database. SQLite runs in WAL mode; its commits reach the disk through
 * `durable()` (group commit, ADR 0016), which the server awaits before answering, so an
 * acknowledged write survives a process kill and a power loss.
 */
export function openDatabase(
  database: Config['database'],
  options: OpenDatabaseOptions = {},
): DatabaseHandle {
  if (database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const store = new SqliteStore(database.file);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: store }) });
    return {
      db,
      kind: 'sqlite',
      address: { kind: 'sqlite', file: database.file },
      durable: (since) => store.durable(since),
      epoch: () => store.epoch(),
      settle: () => store.settle(),
      close: async () => {
        await store.durable();
        await db.destroy();
        // Kysely's destroy closed the store without waiting for its checkpoint thread.
        await store.shutdown();
      },
    };
  }
  const address: DatabaseAddress = {
    kind: 'postgres',
    url: database.url,
    ...(options.searchPath ? { searchPath: options.searchPath } : {}),
  };
  const db = postgresDb(address, options.poolSize ?? 10);
  return {
    db,
    kind: 'postgres',
    address,
    durable: () => Promise.resolve(),
    epoch: () => 0,
    settle: () => Promise.resolve(0),
    close: () => db.destroy(),
  };
}

function postgresDb(address: Extract<DatabaseAddress, { kind: 'postgres' }>, poolSize: number): Db {
  const pool = new pg.Pool({
    connectionString: address.url,
    max: poolSize,
    ...(address.searchPath ? { options: `-c search_path=${address.searchPath}` } : {}),
  });
  prepareStatementsOn(pool);
  return new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
}

/**
 * A connection that only reads, for another thread of this process (the refit's worker). On
 * SQLite it sees what the writer has committed, never its open batch (ADR 0020), and in WAL mode
 * it never blocks the writer nor waits for it; on PostgreSQL it is a pool of one. It closes with
 * the thread that opened it.
 */
export function openReadConnection(address: DatabaseAddress): Db {
  if (address.kind === 'postgres') return postgresDb(address, 1);
  const sqlite = new SQLite(address.file, { readonly: true, fileMustExist: true });
  // A reader waits only while the WAL is reset beside it, and never on the writer's lock.
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
