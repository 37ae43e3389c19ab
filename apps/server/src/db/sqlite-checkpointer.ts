import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The WAL size (bytes) past which the checkpointer copies it into the database file. */
const CHECKPOINT_WAL_BYTES = 4 * 1024 * 1024;
/** How often it looks at the WAL's size. */
const LOOK_MS = 250;

/**
 * The thread's code, as a string so it runs the same from TypeScript sources, tests and the
 * bundle (no separate entry file). It opens its own connection to the database and runs
 * PASSIVE checkpoints: they copy what no reader still needs and never wait for a writer.
 */
const SOURCE = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 0');
const wal = workerData.file + '-wal';
let stopped = false;
function look() {
  if (stopped) return;
  try {
    if (fs.statSync(wal).size >= workerData.walBytes) {
      const [result] = db.pragma('wal_checkpoint(PASSIVE)');
      parentPort.postMessage({ checkpointed: result ? result.checkpointed : 0 });
    }
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
  setTimeout(look, workerData.lookMs);
}
parentPort.on('message', (message) => {
  if (message === 'stop') {
    stopped = true;
    db.close();
    parentPort.close();
  }
});
look();
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
  /** Checkpoints run so far, and the last error (diagnostics and tests). */
  checkpoints = 0;
  lastError: string | null = null;

  constructor(file: string, options: { walBytes?: number; lookMs?: number } = {}) {
    this.worker = new Worker(SOURCE, {
      eval: true,
      workerData: {
        file,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        walBytes: options.walBytes ?? CHECKPOINT_WAL_BYTES,
        lookMs: options.lookMs ?? LOOK_MS,
      },
    });
    this.worker.unref();
    this.worker.on('message', (message: { checkpointed?: number; error?: string }) => {
      if (message.error !== undefined) this.lastError = message.error;
      else this.checkpoints += 1;
    });
    this.worker.on('error', (error) => {
      this.lastError = String(error);
    });
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
    this.worker.ref();
    this.worker.postMessage('stop');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
    await this.worker.terminate();
  }
}
