/**
 * HTTP baseline: throughput and latency of a real API call (get_categories, through the whole
 * stack: envelope, auth hook, rate limiter, SQLite) next to a bare Fastify JSON endpoint in the
 * same process and run, so later benchmarks can be read against the framework's own cost.
 *
 *   npm run bench:http -w bench        (DURATION=10 CONNECTIONS=50 to change the load)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { systemClock } from '../apps/server/src/domain/clock.js';

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 20);

async function measure(label: string, url: string, body?: string) {
  const result = await autocannon({
    url,
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
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

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO: '0',
  RATE_LIMIT_API_PER_MINUTE: '10000000',
});
const database = openDatabase(config.database);
await migrateToLatest(database.db);
const { server, services } = await buildApp({
  config,
  db: database.db,
  clock: systemClock,
  hostTokenSecret: 'bench-secret-0123456789abcdef0123456789',
});
await services.categories.applyConfiguration(undefined);
const appUrl = await server.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', () => ({ code: 0, msg: 'ok', data: [] }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const rows = [
  await measure('bare Fastify GET /bare', `${bareUrl}/bare`),
  await measure('POST /api/get_categories', `${appUrl}/api/get_categories`, '{}'),
];
console.log(
  `node ${process.version}, ${os.cpus().length} cores, ${connections} connections, ${duration} s each`,
);
console.table(rows);

await server.close();
await bare.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
