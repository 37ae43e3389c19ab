/**
 * A throw-away database per run: SQLite in a temporary DATA_DIR, or a fresh schema in the
 * PostgreSQL database of the given URL (the server reaches it through the URL's search_path),
 * dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseKind,
} from '../../apps/server/src/db/database.js';

export interface BenchDatabase {
  kind: DatabaseKind;
  label: string;
  /** What the server is started with (DATA_DIR always; DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  open: () => DatabaseHandle;
  /**
   * Copies what another connection wrote (a bench's seed while the server runs) from SQLite's WAL
   * into the database file. The server's checkpoint thread counts only its own writes: left in
   * the WAL, they would make the server's next commit checkpoint them itself, on its event loop
   * (a 400 ms stall after 20,000 seeded votes), which no server writing its own votes sees.
   * Nothing on PostgreSQL, which checkpoints in the background.
   */
  checkpoint: () => void;
  sizeMb: () => Promise<number>;
  drop: () => Promise<void>;
}

function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-leaderboard-bench-'));
}

/** A passive checkpoint of the SQLite file's WAL (BenchDatabase.checkpoint). */
export function checkpointSqlite(file: string): void {
  const connection = new SQLite(file);
  try {
    connection.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    connection.close();
  }
}

export function sqliteDatabase(): BenchDatabase {
  const dataDir = tempDataDir();
  const file = path.join(dataDir, 'yanzhi.db');
  return {
    kind: 'sqlite',
    label: 'SQLite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'sqlite', file }),
    checkpoint: () => {
      checkpointSqlite(file);
    },
    sizeMb: () => {
      const bytes = [file, `${file}-wal`]
        .filter((name) => fs.existsSync(name))
        .reduce((total, name) => total + fs.statSync(name).size, 0);
      return Promise.resolve(bytes / 1024 / 1024);
    },
    drop: () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/** A fresh schema in the given database (the role needs CREATE there, not CREATEDB). */
export async function postgresDatabase(baseUrl: string): Promise<BenchDatabase> {
  const schema = `leaderboard_bench_${process.pid}_${Date.now()}`;
  const admin = () => openDatabase({ kind: 'postgres', url: baseUrl }, { poolSize: 1 });
  const setup = admin();
  try {
    await sql`create schema ${sql.id(schema)}`.execute(setup.db);
  } finally {
    await setup.close();
  }
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const dataDir = tempDataDir();
  return {
    kind: 'postgres',
    label: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }, { poolSize: 2 }),
    checkpoint: () => undefined,
    sizeMb: async () => {
      const handle = admin();
      try {
        const { rows } = await sql<{ bytes: number | null }>`
          select sum(pg_total_relation_size(c.oid))::bigint as bytes
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${schema} and c.relkind in ('r', 'm')`.execute(handle.db);
        return (rows[0]?.bytes ?? 0) / 1024 / 1024;
      } finally {
        await handle.close();
      }
    },
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const handle = admin();
      try {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      } finally {
        await handle.close();
      }
    },
  };
}

/**
 * Runs `measure` on a throw-away database of each kind `--db` names (sqlite, postgres or both),
 * dropping each afterwards; PostgreSQL in TEST_DATABASE_URL (default: the local yanzhi_test).
 */
export async function forEachDatabase(
  db: string | undefined,
  measure: (target: BenchDatabase) => Promise<void>,
): Promise<void> {
  const postgresUrl =
    process.env.TEST_DATABASE_URL ?? 'postgres://yanzhi:yanzhi@127.0.0.1:5432/yanzhi_test';
  for (const kind of db === 'both' ? ['sqlite', 'postgres'] : [db]) {
    let target: BenchDatabase;
    if (kind === 'sqlite') target = sqliteDatabase();
    else if (kind === 'postgres') target = await postgresDatabase(postgresUrl);
    else throw new Error(`--db must be sqlite, postgres or both (got ${kind})`);
    try {
      await measure(target);
    } finally {
      await target.drop();
    }
  }
}
