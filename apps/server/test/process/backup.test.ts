import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { backupSqlite } from '../../src/db/backup.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { makeTempDir } from '../support/database.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Another process committing one row at a time, numbered 1, 2, 3… */
const WRITER = `
const SQLite = require('better-sqlite3');
const db = new SQLite(process.argv[1]);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
const insert = db.prepare('insert into app_settings (key, value, updated_at) values (?, ?, ?)');
let n = 0;
const step = () => { n += 1; insert.run('probe:' + n, 'x'.repeat(200), Date.now()); setImmediate(step); };
step();
`;

function probeNumbers(db: SQLite.Database): number[] {
  const rows = db.prepare("select key from app_settings where key like 'probe:%'").all() as {
    key: string;
  }[];
  return rows.map((row) => Number(row.key.slice('probe:'.length))).sort((a, b) => a - b);
}

describe('npm run admin -- backup', () => {
  const dataDir = makeTempDir('yanzhi-backup-');
  const config = loadConfig({ DATA_DIR: dataDir });
  const file = config.database.kind === 'sqlite' ? config.database.file : '';
  let writer: ChildProcess | undefined;

  beforeAll(async () => {
    const database = openDatabase(config.database);
    await migrateToLatest(database.db);
    // Some bulk, so the copy takes long enough for the writer to commit during it.
    await database.db
      .insertInto('app_settings')
      .values(
        Array.from({ length: 400 }, (_, index) => ({
          key: `bulk:${index}`,
          value: 'y'.repeat(50_000),
          updated_at: 0,
        })),
      )
      .execute();
    await database.close();
  });
  afterAll(() => {
    writer?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies a database that is being written into a consistent, checked file', async () => {
    writer = spawn(process.execPath, ['-e', WRITER, file], { cwd: serverDir, stdio: 'inherit' });
    const reader = new SQLite(file, { readonly: true });
    while (probeNumbers(reader).length < 50) await new Promise((r) => setTimeout(r, 20));

    const committedBefore = probeNumbers(reader).length;
    const target = path.join(dataDir, 'backups', 'copy.db');
    const result = await backupSqlite(file, target);
    const committedAfter = probeNumbers(reader).length;
    writer.kill('SIGKILL');
    reader.close();

    expect(result.bytes).toBeGreaterThan(20_000_000);
    expect(committedAfter, 'the writer kept committing during the backup').toBeGreaterThan(
      committedBefore,
    );
    expect(fs.readdirSync(path.dirname(target))).toEqual(['copy.db']);
    const copy = new SQLite(target, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    const copied = probeNumbers(copy);
    // Every row committed before the backup began, and a snapshot: 1..k with no gap.
    expect(copied.length).toBeGreaterThanOrEqual(committedBefore);
    expect(copied).toEqual(copied.map((_, index) => index + 1));
    expect(
      (
        copy.prepare("select count(*) as n from app_settings where key like 'bulk:%'").get() as {
          n: number;
        }
      ).n,
    ).toBe(400);
    copy.close();
  }, 60_000);

  it('runs from the command line: prints size and duration, refuses to overwrite', () => {
    const cli = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', '--conditions=source', 'src/cli.ts', ...args],
        { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, ...env }, encoding: 'utf8' },
      );
    const target = path.join(dataDir, 'cli-copy.db');
    const done = cli(['backup', target]);
    expect(done.status, done.stderr).toBe(0);
    const printed = JSON.parse(done.stdout) as { bytes: number; durationMs: number };
    expect(printed).toMatchObject({ file: target, integrity: 'ok' });
    expect(printed.bytes).toBe(fs.statSync(target).size);
    expect(printed.durationMs).toBeGreaterThanOrEqual(0);

    const again = cli(['backup', target]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('exists');

    const postgres = cli(['backup', 'dump.pgc'], {
      DATABASE_URL: 'postgres://user:secret@db.example:5432/yanzhi',
    });
    expect(postgres.status).toBe(3);
    expect(postgres.stdout).toContain('pg_dump --format=custom');
    expect(postgres.stdout).not.toContain('secret');
    expect(fs.existsSync(path.join(serverDir, 'dump.pgc'))).toBe(false);
  }, 60_000);
});
