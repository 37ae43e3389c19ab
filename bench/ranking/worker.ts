import { parentPort } from 'node:worker_threads';
import { runJob, type Job, type Settings } from './jobs.js';

parentPort?.on('message', (message: { settings: Settings; job: Job; id: number }) => {
  parentPort?.postMessage({ id: message.id, result: runJob(message.settings, message.job) });
});
