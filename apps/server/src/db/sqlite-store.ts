import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { SqliteCheckpointer } from './sqlite-checkpointer.js';

const ENDS_TRANSACTION = /^\s*(commit|end|release|rollback)\b/i;

/** Most distinct SQL texts kept prepared; the app issues a few hundred at most. */
const STATEMENT_CACHE_SIZE = 1000;
/** WAL pages (4 KB) at which this connection checkpoints by itself: only if the thread stopped. */
const BACKSTOP_CHECKPOINT_PAGES = 16_384;

/**
 * The SQLite connection under Kysely, with two things the stock dialect lacks (ADR 0016):
 *
 * - **Prepared statements are reused.** Kysely prepares every query it runs; preparing costs as
 *   much as running a small query, so each distinct SQL text is prepared once and kept.
 * - **Group commit.** The connection runs with `synchronous=NORMAL`: a commit appends to the
 *   WAL in the page cache and returns without waiting for the disk. Durability comes from
 *   `durable()`, which fsyncs the WAL file in libuv's thread pool (off the event loop) and
 *   resolves once every commit made before the call is on disk. One fsync covers every commit
 *   made while the previous one ran, so many requests share each flush. The server answers a
 *   request only after `durable()` (see plugins/durability.ts), so an acknowledged write is on
 *   disk exactly as with `synchronous=FULL`, without blocking the process on each flush.
 * - **Checkpoints off the event loop** (sqlite-checkpointer.ts): a checkpoint writes and fsyncs
 *   the database file, which SQLite would otherwise do inside some unlucky request's commit.
 *   The thread checkpoints every 1,000 commits (SQLite's own default is 1,000 WAL pages).
 */
export class SqliteStore implements SqliteDatabase {
  readonly sqlite: SQLite.Database;
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly walFile: string;
  private walFd: number | null = null;
  private walInode = 0;
  /** Commits made (autocommit writes and COMMITs), and how many are known to be on disk. */
  private committed = 0;
  private synced = 0;
  private flushing: Promise<void> | null = null;
  /** WAL flushes issued so far (each covers every commit made before it started). */
  flushes = 0;
  private waiting: Promise<void> | null = null;
  /** Copies the WAL into the database file off the event loop. */
  readonly checkpointer: SqliteCheckpointer;

  constructor(file: string) {
    this.sqlite = new SQLite(file);
    this.sqlite.pragma('journal_mode = WAL');
    this.sqlite.pragma('synchronous = NORMAL');
    this.sqlite.pragma('foreign_keys = ON');
    this.sqlite.pragma('busy_timeout = 5000');
    // Checkpoints run in a thread of their own; this connection's automatic one is a backstop.
    this.sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
    this.walFile = `${file}-wal`;
    this.checkpointer = new SqliteCheckpointer(file);
  }

  prepare(sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (statement === undefined || statement.busy) {
      statement = this.sqlite.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.statements.keys().next();
        if (!oldest.done) this.statements.delete(oldest.value);
      }
      this.statements.set(sql, statement);
    }
    return this.track(sql, statement);
  }

  /** True while some commit has not been flushed to disk yet. */
  hasUnsynced(): boolean {
    return this.committed > this.synced;
  }

  /** Resolves once every commit made before this call is on disk. */
  durable(): Promise<void> {
    if (!this.hasUnsynced()) return Promise.resolve();
    // A flush under way may have started before our commit: wait for the one after it.
    if (this.flushing) {
      const next = () => {
        this.waiting = null;
        return this.flush();
      };
      // After a failed flush the next one tries again: no waiter is answered by a failure
      // that happened before its commit.
      this.waiting ??= this.flushing.then(next, next);
      return this.waiting;
    }
    return this.flush();
  }

  close(): void {
    void this.checkpointer.close();
    this.statements.clear();
    this.sqlite.close();
    if (this.walFd !== null) fs.closeSync(this.walFd);
    this.walFd = null;
  }

  private flush(): Promise<void> {
    if (!this.hasUnsynced()) return Promise.resolve();
    const upTo = this.committed;
    const fd = this.walDescriptor();
    this.flushes += 1;
    this.flushing = new Promise<void>((resolve, reject) => {
      fs.fdatasync(fd, (error) => {
        this.flushing = null;
        if (error) {
          reject(error);
          return;
        }
        this.synced = Math.max(this.synced, upTo);
        resolve();
      });
    });
    return this.flushing;
  }

  /** The WAL file's descriptor, reopened if SQLite replaced the file. */
  private walDescriptor(): number {
    const inode = fs.statSync(this.walFile).ino;
    if (this.walFd === null || inode !== this.walInode) {
      if (this.walFd !== null) fs.closeSync(this.walFd);
      this.walFd = fs.openSync(this.walFile, 'r');
      this.walInode = inode;
      // The WAL file's name must survive a power loss too.
      const directory = fs.openSync(path.dirname(this.walFile), 'r');
      try {
        fs.fsyncSync(directory);
      } finally {
        fs.closeSync(directory);
      }
    }
    return this.walFd;
  }

  /**
   * Counts a commit whenever a statement that may write leaves no transaction open. SQLite calls
   * COMMIT and friends read-only, so they are recognised by their text.
   */
  private track(sql: string, statement: SQLite.Statement): SqliteStatement {
    if (statement.readonly && !ENDS_TRANSACTION.test(sql)) return statement;
    const count = () => {
      if (this.sqlite.inTransaction) return;
      this.committed += 1;
      this.checkpointer.committed();
    };
    return {
      reader: statement.reader,
      all: (parameters) => {
        const rows = statement.all(parameters);
        count();
        return rows;
      },
      run: (parameters) => {
        const result = statement.run(parameters);
        count();
        return result;
      },
      iterate: (parameters) => statement.iterate(parameters),
    };
  }
}
