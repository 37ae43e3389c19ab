/**
 * Runs a refit's reads and fits on a worker thread (ADR 0017, ADR 0029), so their seconds never
 * hold the event loop. A job's arrays are handed to the thread (not copied) and the outcome's
 * handed back. Whatever goes wrong in the thread (an exception, running out of memory,
 * an exit) rejects the promise; it never takes the server down.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { RatingParams } from '../domain/rating/index.js';
import type { DatabaseAddress } from '../repositories/read-connection.js';
import type { IncrementInput } from './increment-io.js';
import { incrementJobBuffers, type IncrementJob, type IncrementOutcome } from './increment-job.js';
import type { RefitJob, RefitOutcome } from './refit-job.js';

/**
 * What the thread is given: an incremental refit's job (ADR 0029) to compute, or a category to
 * read through the thread's own connection (an increment's input; a full refit's, then fitted).
 */
export type RefitTask =
  | { kind: 'increment'; job: IncrementJob }
  | { kind: 'read-increment'; categoryId: number; through: number; params: RatingParams }
  | { kind: 'read-full'; categoryId: number; settings: FullRefitSettings };

/** What a full refit's job takes besides what it reads. */
export type FullRefitSettings = Pick<RefitJob, 'params' | 'now' | 'timeZone'>;

/** A full refit read and fitted on the thread: its outcome and what writing it needs. */
export interface FullRefitResult {
  outcome: RefitOutcome;
  photoIds: Float64Array;
  active: Uint8Array;
  /** The voters' ids, aligned with the outcome's voter columns. */
  voterIds: number[];
  /** The last vote fitted (0: none): votes after it are replayed when the outcome is written. */
  lastVoteId: number;
  votes: number;
  /** Milliseconds of each phase on the thread: readVotes, readPhotos, readVoters, fit. */
  phases: Record<string, number>;
}

/** The thread's workerData. */
export interface RefitWorkerData {
  reader: DatabaseAddress | null;
}

export interface RefitThreadOptions {
  /** Limits of the thread's heap (tests use them to make a worker fail). */
  resourceLimits?: ResourceLimits;
  /**
   * The database the thread reads a refit's input from, through a connection of its own
   * (readIncrement, readAndRun); without it the thread only computes.
   */
  reader?: DatabaseAddress;
}

/**
 * How to start the worker. Bundled (build.mjs, bench/lib/server-process.ts) the worker is an entry
 * point of its own, `refit.worker.js` next to `main.js` and `cli.js`, where this code then is.
 * Under tsx (`npm run dev`, the CLI) and vitest this module is TypeScript and the worker is its
 * sibling `refit.worker.ts`; tsx's loader hooks reach no thread but the main one on Node 20
 * (`--import tsx` is not enough), so a small script registers them in the thread first.
 */
function workerStart(): { script: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) {
    return { script: new URL('./refit.worker.js', import.meta.url), eval: false };
  }
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = new URL(
    manifest.exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs',
    pathToFileURL(require.resolve('tsx/package.json')),
  ).href;
  const worker = new URL('./refit.worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`,
    eval: true,
  };
}

interface Pending {
  /** The thread the job was given to (an old thread's late events must not touch it). */
  worker: Worker;
  resolve: (outcome: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * A worker thread that runs refit jobs one at a time: started by the first job and kept for the
 * next (a refit of every category starts one thread, not one per category), until `close`. A
 * thread that failed is dropped and the next job starts a fresh one.
 */
export class RefitThread {
  private worker: Worker | null = null;
  private pending: Pending | null = null;

  constructor(private readonly options: RefitThreadOptions = {}) {}

  /**
   * Reads what a category's incremental refit needs (readIncrementInput) on the thread, through
   * its own connection: the serving thread spends nothing on it and, on SQLite, never waits for
   * it nor makes it wait for requests' transactions (ADR 0029, stop 42). It sees committed rows
   * only: the caller settles its writes first. Null when no vote came after `through`.
   */
  readIncrement(
    categoryId: number,
    through: number,
    params: RatingParams,
  ): Promise<IncrementInput | null> {
    return this.read({
      kind: 'read-increment',
      categoryId,
      through,
      params,
    }) as Promise<IncrementInput | null>;
  }

  /**
   * Reads a category's votes, photos and voters (readRefitInput) and fits them, all on the
   * thread through its own connection: the serving thread gets the results only (ADR 0029,
   * stop 42). It reads committed rows only: the caller settles its writes first.
   */
  readAndRun(categoryId: number, settings: FullRefitSettings): Promise<FullRefitResult> {
    return this.read({ kind: 'read-full', categoryId, settings }) as Promise<FullRefitResult>;
  }

  /** A task that reads: refused at once when the thread was given no database. */
  private read(task: Extract<RefitTask, { kind: 'read-increment' | 'read-full' }>) {
    if (!this.options.reader) {
      return Promise.reject(new Error('refit thread: no database to read from'));
    }
    return this.post(task, []);
  }

  runIncrement(job: IncrementJob): Promise<IncrementOutcome> {
    return this.post(
      { kind: 'increment', job },
      incrementJobBuffers(job),
    ) as Promise<IncrementOutcome>;
  }

  private post(task: RefitTask, transfer: ArrayBuffer[]): Promise<unknown> {
    if (this.pending) return Promise.reject(new Error('refit thread: one job at a time'));
    const worker = this.worker ?? this.start();
    return new Promise<unknown>((resolve, reject) => {
      this.pending = { worker, resolve, reject };
      try {
        worker.postMessage(task, transfer);
      } catch (error) {
        this.fail(worker, error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const start = workerStart();
    const workerData: RefitWorkerData = { reader: this.options.reader ?? null };
    const worker = new Worker(start.script, {
      eval: start.eval,
      workerData,
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    worker.on('message', (outcome: unknown) => {
      const pending = this.pending;
      if (pending?.worker !== worker) return;
      this.pending = null;
      pending.resolve(outcome);
    });
    worker.on('error', (error) => {
      this.fail(worker, error);
    });
    worker.on('messageerror', (error) => {
      this.fail(worker, error);
    });
    worker.on('exit', (code) => {
      this.fail(worker, new Error(`refit worker exited with code ${code} before answering`));
    });
    this.worker = worker;
    return worker;
  }

  /** Rejects the job under way and drops the thread. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker === worker) {
      this.worker = null;
      void worker.terminate();
    }
    const pending = this.pending;
    if (pending?.worker !== worker) return;
    this.pending = null;
    pending.reject(error);
  }
}
