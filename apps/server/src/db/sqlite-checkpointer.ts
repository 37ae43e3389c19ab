import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Commits between checkpoints: each commit adds at least one page to the WAL. */
const COMMITS_PER_CHECKPOINT = 1000;

/**
 * The thread's code, as a string so it runs the same from TypeScript sources, tests and the
 * bundle (no separate entry file). It opens its own connection to the database and runs a
 * PASSIVE checkpoint when asked: it copies what no reader still needs, never waits for a
 * writer, and syncs the WAL before and the database file after.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 0');
parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    try {
      const [result] = db.pragma('wal_checkpoint(PASSIVE)');
      parentPort.postMessage({ checkpointed: result ? result.checkpointed : 0 });
    } catch (error) {
      parentPort.postMessage({ error: String(error) });
    }
  } else if (message === 'stop') {
    db.close();
    parentPort.close();
  }
});
`;

/**
 * Checkpoints a SQLite database in a thread of its own (ADR 0016). better-sqlite3 is
 * synchronous, and a checkpoint writes pages into the database file and fsyncs it: run by the
 * serving connection (SQLite's automatic checkpoint, inside whichever commit crosses the
 * threshold), it stopped the event loop for as long as the disk took, hundreds of milliseconds
 * when it was busy. The serving connection keeps a far higher automatic threshold as a
 * backstop, should this thread ever stop.
 */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private closing: Promise<void> | null = null;
  private readonly commitsPerCheckpoint: number;
  private commitsSince = 0;
  /** A checkpoint asked for and not answered yet: no second one is queued behind it. */
  private running = false;
  /** The thread ended (crashed or stopped). */
  private dead = false;
  /** Who waits for the checkpoint under way to end (`checkpointed`). */
  private waiting: (() => void)[] = [];
  /** Checkpoints run so far, and the last error (diagnostics and tests). */
  checkpoints = 0;
  lastError: string | null = null;

  constructor(file: string, options: { commitsPerCheckpoint?: number } = {}) {
    this.commitsPerCheckpoint = options.commitsPerCheckpoint ?? COMMITS_PER_CHECKPOINT;
    this.worker = new Worker(SOURCE, {
      eval: true,
      workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
    this.worker.unref();
    this.worker.on('message', (message: { checkpointed?: number; error?: string }) => {
      if (message.error !== undefined) this.lastError = message.error;
      else this.checkpoints += 1;
      this.settled();
    });
    this.worker.on('error', (error) => {
      this.lastError = String(error);
    });
    // A thread that died answers no more: nobody may wait for it (the backstop checkpoints).
    this.worker.on('exit', () => {
      this.dead = true;
      this.settled();
    });
  }

  /** Counts a commit; every so many, the thread checkpoints (unless it still is). */
  committed(): void {
    this.commitsSince += 1;
    if (this.commitsSince >= this.commitsPerCheckpoint) this.ask();
  }

  /** Whether a checkpoint is under way (its syncs hold the WAL file's writers up). */
  get busy(): boolean {
    return this.running;
  }

  /** Resolves when no checkpoint is under way. */
  idle(): Promise<void> {
    if (!this.running || this.closing || this.dead) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /**
   * Resolves when a checkpoint has run after this call (asking for one unless one is under way;
   * then the one after it). A writer that waits for it before writing again lets SQLite start
   * the WAL over from its beginning.
   */
  checkpointed(): Promise<void> {
    if (this.closing || this.dead) return Promise.resolve();
    const under = this.running;
    return new Promise<void>((resolve) => {
      if (!under) {
        this.waiting.push(resolve);
        this.ask();
        return;
      }
      // The one under way may have started before the caller's writes: wait for the next.
      this.waiting.push(() => {
        if (this.closing || this.dead) {
          resolve();
          return;
        }
        this.waiting.push(resolve);
        this.ask();
      });
    });
  }

  /** The checkpoint under way ended (or the thread did): its waiters go on. */
  private settled(): void {
    this.running = false;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  private ask(): void {
    if (this.running || this.closing || this.dead) return;
    this.commitsSince = 0;
    this.running = true;
    this.worker.postMessage('checkpoint');
  }

  /** Closes the thread's connection and ends it (once, however often it is called). */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      this.worker.once('exit', () => {
        resolve();
      });
    });
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
    this.worker.ref();
    this.worker.postMessage('stop');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
    await this.worker.terminate();
  }
}
