import fs from 'node:fs';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
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

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
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
  const pool = new pg.Pool({
    connectionString: database.url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  prepareStatementsOn(pool);
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    durable: () => Promise.resolve(),
    epoch: () => 0,
    settle: () => Promise.resolve(0),
    close: () => db.destroy(),
  };
}
