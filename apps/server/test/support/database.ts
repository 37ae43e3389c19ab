import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireOrSkip } from '@yanzhi/dev-support';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export type Dialect = 'sqlite' | 'postgres';

/** PostgreSQL tests run when TEST_DATABASE_URL is set (CI always sets it). */
export const postgresUrl = process.env.TEST_DATABASE_URL;

export const dialects: Dialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

requireOrSkip(
  {
    name: 'PostgreSQL',
    tests: 'PostgreSQL tests',
    missing: 'TEST_DATABASE_URL is not set',
    howTo:
      'set TEST_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/db to run them (.ci/run does)',
  },
  postgresUrl !== undefined && postgresUrl !== '',
);

export function makeTempDir(prefix = 'yanzhi-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connection and removes the file or schema. */
  drop: () => Promise<void>;
}

/**
 * A fresh empty database: a new SQLite file in `dir`, or a new schema in the PostgreSQL test
 * database, so tests never see each other's rows.
 */
export async function createTestDatabase(dialect: Dialect, dir: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const file = path.join(dir, `test-${randomBytes(4).toString('hex')}.db`);
    const handle = openDatabase({ kind: 'sqlite', file });
    return {
      handle,
      drop: async () => {
        await handle.close();
        fs.rmSync(file, { force: true });
      },
    };
  }
  const created = await createPostgresSchema();
  const handle = openDatabase(
    { kind: 'postgres', url: postgresUrl ?? '' },
    { searchPath: created.schema, poolSize: 5 },
  );
  return {
    handle,
    drop: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

async function asAdmin(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new empty schema in the PostgreSQL test database, and a URL whose connections use it: for
 * server processes started by a test.
 */
export async function createPostgresSchema(): Promise<{
  schema: string;
  url: string;
  drop: () => Promise<void>;
}> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await asAdmin(`CREATE SCHEMA ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: url.toString(),
    drop: () => asAdmin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  };
}

/** A fresh database (as above) with every migration applied. */
export async function createMigratedTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect, makeTempDir());
  await migrateToLatest(database.handle.db);
  return database;
}
