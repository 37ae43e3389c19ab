import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { SqliteCheckpointer } from './sqlite-checkpointer.js';

/** Kysely's transaction control statements, sent as these exact texts. */
const BEGIN = /^\s*begin\s*;?\s*$/i;
const COMMIT = /^\s*(commit|end)\s*;?\s*$/i;
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;
/** The savepoint that stands for an application transaction inside the open batch. */
const TRANSACTION = 'yz_transaction';

/** Most distinct SQL texts kept prepared; the app issues a few hundred at most. */
const STATEMENT_CACHE_SIZE = 1000;
/** WAL pages (4 KB) at which this connection checkpoints by itself: only if the thread stopped. */
const BACKSTOP_CHECKPOINT_PAGES = 16_384;
/** A chunked writer's commits between the checkpoints it waits for (`settle`). */
const CHUNKS_PER_CHECKPOINT = 10;
/** Longest a batch of writes stays open when no answer waits for it (the pair fetch's writes). */
const BATCH_MAX_OPEN_MS = 20;

/** The writes of a batch were rolled back by SQLite or failed to commit: none of them is kept. */
export class LostWritesError extends Error {
  constructor(cause: unknown) {
    super(`SQLite lost a batch of writes: ${String(cause)}`, { cause });
    this.name = 'LostWritesError';
  }
}

/**
 * The SQLite connection under Kysely, with what the stock dialect lacks (ADR 0016, ADR 0020):
 *
 * - **Prepared statements are reused.** Kysely prepares every query it runs; preparing costs as
 *   much as running a small query, so each distinct SQL text is prepared once and kept.
 * - **Writes are batched** (ADR 0020). The first write opens a batch (`BEGIN IMMEDIATE`); the
 *   writes of every request that follows join it until the batch commits, and an application
 *   transaction becomes a savepoint inside it (Kysely's `begin` / `commit` / `rollback` are
 *   mapped to `SAVEPOINT` / `RELEASE` / `ROLLBACK TO`). A batch commits when an answer waits
 *   for the disk and no flush is running, once no application transaction is open inside it,
 *   or after `BATCH_MAX_OPEN_MS` when no answer waits. A page that many requests change (the
 *   tail of the votes table and its indexes, a photo's index entries) then goes to the WAL
 *   once per batch instead of once per request.
 * - **Group commit.** The connection runs with `synchronous=NORMAL`: a commit appends to the
 *   WAL in the page cache and returns without waiting for the disk. Durability comes from
 *   `durable()`, which commits the open batch, fsyncs the WAL file in libuv's thread pool (off
 *   the event loop) and resolves once every write made before the call is on disk. Answers
 *   that arrive while a flush runs share the next commit and flush. The server answers a
 *   request only after `durable()` (see plugins/durability.ts), so an acknowledged write is on
 *   disk exactly as with `synchronous=FULL`, without blocking the process on each flush.
 * - **Checkpoints off the event loop** (sqlite-checkpointer.ts): a checkpoint writes and fsyncs
 *   the database file, which SQLite would otherwise do inside some unlucky request's commit.
 *   The thread checkpoints every 1,000 application writes.
 */
export class SqliteStore implements SqliteDatabase {
  readonly sqlite: SQLite.Database;
  private readonly statements = new Map<string, SQLite.Statement>();
  /** Each statement's wrapper, made once (prepare runs for every query). */
  private readonly tracked = new WeakMap<SQLite.Statement, SqliteStatement>();
  private readonly walFile: string;
  private walFd: number | null = null;
  private walInode = 0;
  /** Batches committed, and how many of them are known to be on disk. */
  private committed = 0;
  private synced = 0;
  /** A batch is open: `BEGIN IMMEDIATE` ran and its `COMMIT` has not. */
  private batchOpen = false;
  /** Batches opened so far; the open one's number while one is open. */
  private batches = 0;
  /** The newest batch whose writes were lost (rolled back by SQLite or failed to commit). */
  private lostBatch = -1;
  /** A chunked writer's commits since it last waited for a checkpoint (`settle`). */
  private chunksSinceCheckpoint = 0;
  /** Application transactions (savepoints) open inside the batch. */
  private depth = 0;
  /** A commit asked for while a transaction was open: it runs when the last one ends. */
  private commitWhenIdle: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  private batchTimer: NodeJS.Timeout | null = null;
  /** The commit-and-flush under way, and the one queued behind it. */
  private cycle: Promise<void> | null = null;
  private nextCycle: Promise<void> | null = null;
  /** WAL flushes issued so far (each covers every batch committed before it started). */
  flushes = 0;
  /** Copies the WAL into the database file off the event loop. */
  readonly checkpointer: SqliteCheckpointer;
  private readonly control: {
    begin: SQLite.Statement;
    commit: SQLite.Statement;
    savepoint: SQLite.Statement;
    release: SQLite.Statement;
    rollbackTo: SQLite.Statement;
  };
  private readonly transactionControl: Record<'begin' | 'commit' | 'rollback', SqliteStatement>;

  constructor(file: string) {
    this.sqlite = new SQLite(file);
    this.sqlite.pragma('journal_mode = WAL');
    this.sqlite.pragma('synchronous = NORMAL');
    this.sqlite.pragma('foreign_keys = ON');
    this.sqlite.pragma('busy_timeout = 5000');
    // A transaction is a savepoint inside the batch: what it would roll back to is kept in
    // memory, not written to a temporary file.
    this.sqlite.pragma('temp_store = MEMORY');
    // Checkpoints run in a thread of their own; this connection's automatic one is a backstop.
    this.sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
    this.walFile = `${file}-wal`;
    this.checkpointer = new SqliteCheckpointer(file);
    this.control = {
      begin: this.sqlite.prepare('begin immediate'),
      commit: this.sqlite.prepare('commit'),
      savepoint: this.sqlite.prepare(`savepoint ${TRANSACTION}`),
      release: this.sqlite.prepare(`release ${TRANSACTION}`),
      rollbackTo: this.sqlite.prepare(`rollback to ${TRANSACTION}`),
    };
    const control = (run: () => void): SqliteStatement => ({
      reader: false,
      all: () => {
        run();
        return [];
      },
      run: () => {
        run();
        return { changes: 0, lastInsertRowid: 0 };
      },
      iterate: () => {
        throw new Error('transaction control statements return no rows');
      },
    });
    this.transactionControl = {
      begin: control(() => {
        this.beginTransaction();
      }),
      commit: control(() => {
        this.endTransaction(true);
      }),
      rollback: control(() => {
        this.endTransaction(false);
      }),
    };
  }

  prepare(sql: string): SqliteStatement {
    // A statement run before is found first: the transaction controls are never kept here.
    let statement = this.statements.get(sql);
    if (statement === undefined || statement.busy) {
      if (BEGIN.test(sql)) return this.transactionControl.begin;
      if (COMMIT.test(sql)) return this.transactionControl.commit;
      if (ROLLBACK.test(sql)) return this.transactionControl.rollback;
      statement = this.sqlite.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.statements.keys().next();
        if (!oldest.done) this.statements.delete(oldest.value);
      }
      this.statements.set(sql, statement);
    }
    let tracked = this.tracked.get(statement);
    if (tracked === undefined) {
      tracked = this.track(statement);
      this.tracked.set(statement, tracked);
    }
    return tracked;
  }

  /** The batch that writes made from now on join (requests note it when they arrive). */
  epoch(): number {
    return this.batchOpen ? this.batches : this.batches + 1;
  }

  /** True while some write is not on disk yet (in the open batch or in an unflushed commit). */
  hasUnsynced(): boolean {
    return this.batchOpen || this.committed > this.synced;
  }

  /**
   * Resolves once every write made before this call is committed and on disk. `since`: the
   * epoch() when the caller's first write may have happened; if a batch from then on was lost,
   * the caller's writes may be gone and the promise rejects with LostWritesError.
   */
  async durable(since: number = this.epoch()): Promise<void> {
    while (this.hasUnsynced()) {
      try {
        // A flush under way may have started before our writes: wait for the one after it.
        await (this.cycle
          ? (this.nextCycle ??= this.cycle.then(this.startCycle, this.startCycle))
          : this.startCycle());
        break;
      } catch (error) {
        // Another batch than the caller's was lost: the caller's are in a later one.
        if (!(error instanceof LostWritesError) || this.lostBatch >= since) throw error;
      }
    }
    if (this.lostBatch >= since) {
      throw new LostWritesError(`batch ${this.lostBatch} was rolled back`);
    }
  }

  /**
   * For a writer of many chunks (a refit, issue 19), after each: commits the open batch, unless
   * a transaction is open in it, without waiting for the disk (the next `durable()` flushes it),
   * so each chunk pays for its own commit instead of one request paying for several. Answers
   * the milliseconds the commit held the event loop. Two things are waited for, off the event
   * loop (measured on an incremental refit of 38,000 photos, ADR 0029):
   * - before the commit, a checkpoint under way: its sync of the WAL holds the commit's writes
   *   to the file up, 40–60 ms on the event loop;
   * - after every CHUNKS_PER_CHECKPOINT commits, a checkpoint of them: the next write then starts
   *   the WAL over. Back-to-back chunks otherwise grow it until the backstop checkpoint runs
   *   inside a commit, on the event loop, at every commit past it.
   */
  async settle(): Promise<number> {
    await this.checkpointer.idle();
    const started = performance.now();
    if (this.batchOpen && this.depth === 0) this.commitBatch();
    const held = performance.now() - started;
    this.chunksSinceCheckpoint += 1;
    if (this.chunksSinceCheckpoint >= CHUNKS_PER_CHECKPOINT) {
      this.chunksSinceCheckpoint = 0;
      await this.checkpointer.checkpointed();
    }
    return held;
  }

  /**
   * Kysely's close: commits what the open batch holds and closes the connection at once. The
   * checkpoint thread closes its own connection a moment later; whoever removes or copies the
   * database's files awaits `shutdown()` instead. Closing again does nothing.
   */
  close(): void {
    if (!this.sqlite.open) return;
    if (this.batchTimer) clearTimeout(this.batchTimer);
    if (this.batchOpen) {
      if (this.depth === 0) this.commitBatch();
      else this.sqlite.exec('rollback');
    }
    void this.checkpointer.close();
    this.statements.clear();
    this.sqlite.close();
    if (this.walFd !== null) fs.closeSync(this.walFd);
    this.walFd = null;
  }

  /** Closes (as `close`) and resolves once the checkpoint thread's connection has closed too. */
  async shutdown(): Promise<void> {
    this.close();
    await this.checkpointer.close();
  }

  /** Commits the open batch (once no transaction is open in it), then flushes the WAL. */
  private readonly startCycle = (): Promise<void> => {
    this.nextCycle = null;
    const cycle = this.commitWhenPossible().then(() => this.flush());
    this.cycle = cycle;
    const clear = () => {
      if (this.cycle === cycle) this.cycle = null;
    };
    cycle.then(clear, clear);
    return cycle;
  };

  private commitWhenPossible(): Promise<void> {
    if (!this.batchOpen) return Promise.resolve();
    if (this.depth === 0) {
      try {
        this.commitBatch();
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    // Cycles run one at a time (durable() chains them), so at most one commit waits here.
    return new Promise<void>((resolve, reject) => {
      this.commitWhenIdle = {
        resolve,
        reject: (error) => {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      };
    });
  }

  /** Opens a batch unless one is open; a write or a transaction is about to run. */
  private openBatch(): void {
    if (this.batchOpen) return;
    if (this.inTransaction()) {
      throw new Error('SQLite connection is in a transaction the store did not open');
    }
    this.control.begin.run();
    this.batchOpen = true;
    this.batches += 1;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = null;
      // A failure here reaches the requests that wait for this batch through their durable().
      this.durable(Number.POSITIVE_INFINITY).catch(() => undefined);
    }, BATCH_MAX_OPEN_MS);
    this.batchTimer.unref();
  }

  private commitBatch(): void {
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    const batch = this.batches;
    this.batchOpen = false;
    if (!this.inTransaction()) {
      this.lostBatch = batch;
      throw new LostWritesError('the transaction was rolled back by SQLite');
    }
    try {
      this.control.commit.run();
    } catch (error) {
      this.lostBatch = batch;
      if (this.inTransaction()) this.sqlite.exec('rollback');
      throw new LostWritesError(error);
    }
    this.committed += 1;
  }

  /** Whether SQLite has a transaction open (it may have rolled one back by itself). */
  private inTransaction(): boolean {
    return this.sqlite.inTransaction;
  }

  private beginTransaction(): void {
    if (this.depth > 0) throw new Error('nested transactions are not supported');
    this.openBatch();
    this.control.savepoint.run();
    this.depth = 1;
  }

  private endTransaction(keep: boolean): void {
    if (this.depth === 0) throw new Error('no transaction is open');
    this.depth = 0;
    try {
      if (!this.inTransaction()) {
        // SQLite rolled the whole batch back (an I/O error, a full disk): everyone's writes
        // since its start are gone.
        this.batchOpen = false;
        this.lostBatch = this.batches;
        if (keep) throw new LostWritesError('the transaction was rolled back by SQLite');
        return;
      }
      if (!keep) this.control.rollbackTo.run();
      this.control.release.run();
      this.checkpointer.committed();
    } finally {
      const waiting = this.commitWhenIdle;
      this.commitWhenIdle = null;
      if (waiting) {
        try {
          if (this.batchOpen) this.commitBatch();
          waiting.resolve();
        } catch (error) {
          waiting.reject(error);
        }
      }
    }
  }

  private flush(): Promise<void> {
    if (this.committed <= this.synced) return Promise.resolve();
    const upTo = this.committed;
    const fd = this.walDescriptor();
    this.flushes += 1;
    return new Promise<void>((resolve, reject) => {
      fs.fdatasync(fd, (error) => {
        if (error) {
          reject(error);
          return;
        }
        this.synced = Math.max(this.synced, upTo);
        resolve();
      });
    });
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
   * A statement that may write opens the batch before it runs; one that runs outside an
   * application transaction counts as an application write for the checkpointer.
   */
  private track(statement: SQLite.Statement): SqliteStatement {
    if (statement.readonly) return statement;
    const before = () => {
      this.openBatch();
    };
    const after = () => {
      if (this.depth === 0) this.checkpointer.committed();
    };
    return {
      reader: statement.reader,
      all: (parameters) => {
        before();
        const rows = statement.all(parameters);
        after();
        return rows;
      },
      run: (parameters) => {
        before();
        const result = statement.run(parameters);
        after();
        return result;
      },
      iterate: (parameters) => {
        before();
        return statement.iterate(parameters);
      },
    };
  }
}
