/**
 * The refit's worker thread (ADR 0017): answers each RefitTask it receives (a full refit read and
 * fitted, an increment's input read, an increment computed), the result arrays handed over rather
 * than copied. A thrown error ends the thread with an 'error' event, which fails that refit in
 * the server (refit-thread.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { phaseTimer } from '../lib/phase-timer.js';
import { openReadRepositories, type ReadRepositories } from '../repositories/read-connection.js';
import { incrementInputBuffers, readIncrementInput } from './increment-io.js';
import { computeIncrement, incrementOutcomeBuffers } from './increment-job.js';
import { computeRefit, outcomeBuffers } from './refit-job.js';
import { readRefitInput } from './refit-input.js';
import type {
  FullRefitResult,
  FullRefitSettings,
  RefitTask,
  RefitWorkerData,
} from './refit-thread.js';

if (!parentPort) throw new Error('refit.worker runs as a worker thread');

// The fit gives way to the thread that answers requests when they compete for a core: on Linux
// a thread has a nice value of its own (setpriority on its thread id). Elsewhere it runs as is.
try {
  const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId)) os.setPriority(threadId, 10);
} catch {
  // No /proc, or not allowed: the default priority.
}
const port = parentPort;
const { reader } = workerData as RefitWorkerData;
/**
 * The thread's own read connection, opened by its first read and kept while the thread lives
 * (it closes with the thread).
 */
let readRepositories: ReadRepositories | null = null;

/** Runs `work`; its failure, thrown outside the promise, ends the thread with an 'error' event. */
function answer<T>(work: Promise<T>, transfer: (result: T) => ArrayBuffer[]): void {
  work.then(
    (result) => {
      port.postMessage(result, transfer(result));
    },
    (error: unknown) => {
      setImmediate(() => {
        throw error;
      });
    },
  );
}

function readConnection(): ReadRepositories {
  if (reader === null) throw new Error('refit.worker: no database to read from');
  readRepositories ??= openReadRepositories(reader);
  return readRepositories;
}

/** A full refit read and fitted here: only its results cross to the serving thread. */
async function readAndFit(
  categoryId: number,
  settings: FullRefitSettings,
): Promise<FullRefitResult> {
  const { phases, lap } = phaseTimer();
  const input = await readRefitInput(readConnection(), categoryId, lap);
  const { photoIds, active } = input.job;
  const votes = input.job.votes.winner.length;
  const outcome = computeRefit({ ...input.job, ...settings });
  lap('fit');
  return {
    outcome,
    photoIds,
    active,
    voterIds: input.voterIds,
    lastVoteId: input.lastVoteId,
    votes,
    phases,
  };
}

port.on('message', (task: RefitTask) => {
  if (task.kind === 'read-increment') {
    answer(
      readIncrementInput(readConnection(), task.categoryId, task.through, task.params),
      (input) => (input === null ? [] : incrementInputBuffers(input)),
    );
  } else if (task.kind === 'read-full') {
    answer(readAndFit(task.categoryId, task.settings), (result) => [
      ...outcomeBuffers(result.outcome),
      ...new Set([result.photoIds.buffer, result.active.buffer] as ArrayBuffer[]),
    ]);
  } else {
    const outcome = computeIncrement(task.job);
    port.postMessage(outcome, incrementOutcomeBuffers(outcome));
  }
});
