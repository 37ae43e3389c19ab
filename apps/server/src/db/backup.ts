import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupResult {
  file: string;
  bytes: number;
  durationMs: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** What to run for PostgreSQL, where a copy is pg_dump's job (README: Backups). */
export function pgDumpCommand(target: string): string {
  return `pg_dump --format=custom --no-owner --file=${JSON.stringify(target)} "$DATABASE_URL"`;
}

/**
 * Copies a live SQLite database to `target` with SQLite's online backup API, then checks the
 * copy. The server may keep writing: the copy is one consistent snapshot (every transaction
 * committed before the last step began, none half-applied). The copy is written beside the
 * target under a temporary name and renamed only once it passes `PRAGMA integrity_check`.
 */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  const started = performance.now();
  const file = path.resolve(target);
  if (!fs.existsSync(source)) throw new BackupError(`no database at ${source}`);
  if (fs.existsSync(file)) throw new BackupError(`${file} exists; choose a new file name`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;

  const live = new SQLite(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // All remaining pages in one step: in WAL mode that step reads one snapshot while writers
    // carry on, whereas small steps restart whenever another connection writes in between.
    await live.backup(partial, { progress: ({ remainingPages }) => Math.max(remainingPages, 1) });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    live.close();
  }

  const copy = new SQLite(partial);
  let integrity: unknown;
  try {
    // The copy keeps the source's WAL flag; a backup should be one self-contained file.
    copy.pragma('journal_mode = DELETE');
    integrity = copy.pragma('integrity_check', { simple: true });
  } finally {
    copy.close();
  }
  if (integrity !== 'ok') {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`the copy failed its integrity check: ${String(integrity)}`);
  }
  fs.renameSync(partial, file);
  return {
    file,
    bytes: fs.statSync(file).size,
    durationMs: Math.round(performance.now() - started),
  };
}
