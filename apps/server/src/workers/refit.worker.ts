/**
 * The refit's worker thread (ADR 0017): answers each RefitJob it receives with its RefitOutcome,
 * the result arrays handed over rather than copied. A thrown error ends the thread with an
 * 'error' event, which fails that refit in the server (refit-thread.ts).
 */
import { parentPort } from 'node:worker_threads';
import { computeRefit, outcomeBuffers, type RefitJob } from './refit-job.js';

if (!parentPort) throw new Error('refit.worker runs as a worker thread');
const port = parentPort;
port.on('message', (job: RefitJob) => {
  const outcome = computeRefit(job);
  port.postMessage(outcome, outcomeBuffers(outcome));
});
