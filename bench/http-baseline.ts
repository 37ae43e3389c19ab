/**
 * HTTP baseline: throughput and latency of a real API call (get_categories, through the whole
 * stack: envelope, auth hook, rate limiter, SQLite) next to a bare Fastify JSON endpoint, each
 * server in its own process, measured by autocannon in the same run.
 *
 *   npm run bench:http -w bench        (DURATION=10 CONNECTIONS=50 to change the load)
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { startChild, startYanzhi } from './lib/process.js';

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 20);

async function measure(label: string, url: string) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    connections,
    duration,
  });
  return {
    label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const bare = await startChild('bench/lib/bare-server.ts', {});
const bareRow = await measure('bare Fastify POST /bare', `${bare.url}/bare`);
await bare.stop();
const server = await startYanzhi({ SEED_DEMO: '0' });
const appRow = await measure('POST /api/get_categories', `${server.url}/api/get_categories`);
await server.stop();

console.log(
  `node ${process.version}, ${os.cpus().length} cores, ${connections} connections, ${duration} s each`,
);
console.table([bareRow, appRow]);
