/**
 * The refit's worker thread (ADR 0017): answers each RefitJob it receives with its RefitOutcome,
 * the result arrays handed over rather than copied. A thrown error ends the thread with an
 * 'error' event, which fails that refit in the server (refit-thread.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openReadRepositories, type ReadRepositories } from '../repositories/read-connection.js';
import { incrementInputBuffers, readIncrementInput } from './increment-io.js';
import { computeIncrement, incrementOutcomeBuffers } from './increment-job.js';
import { computeRefit, outcomeBuffers } from './refit-job.js';
import type { RefitTask, RefitWorkerData } from './refit-thread.js';

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
/** The thread's own read connection, opened by its first read and kept while the thread lives. */
let readRepositories: ReadRepositories | null = null;

port.on('message', (task: RefitTask) => {
  if (task.kind === 'read-increment') {
    if (reader === null) throw new Error('refit.worker: no database to read from');
    readRepositories ??= openReadRepositories(reader);
    readIncrementInput(readRepositories.repos, task.categoryId, task.through, task.params).then(
      (input) => {
        port.postMessage(input, input === null ? [] : incrementInputBuffers(input));
      },
      (error: unknown) => {
        // Thrown outside the promise, it ends the thread with an 'error' event, as a failed
        // computation does.
        setImmediate(() => {
          throw error;
        });
      },
    );
  } else if (task.kind === 'full') {
    const outcome = computeRefit(task.job);
    port.postMessage(outcome, outcomeBuffers(outcome));
  } else {
    const outcome = computeIncrement(task.job);
    port.postMessage(outcome, incrementOutcomeBuffers(outcome));
  }
});
