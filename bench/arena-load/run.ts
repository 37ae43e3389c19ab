/**
 * Arena load: the pair + vote cycle over HTTP on loopback, as phones drive it (each virtual
 * voter fetches a pair, votes, repeats), next to a bare Fastify JSON endpoint driven by the same
 * client in the same run, with as many processes behind the same door. Every server runs in its
 * own process (the real one bundled, as `npm start` runs it); the figures are given in all and per
 * process, with each process's CPU time per cycle read from /proc.
 *
 *   npm run bench:arena-load -w bench      (VOTERS=32 SECONDS=10 WARMUP=3 PHOTOS=200 to change)
 *
 * DATABASE_URL=postgres://… runs the server on PostgreSQL. PROXY=1 (with DATABASE_URL and
 * REDIS_URL) runs two instances behind the repository's HAProxy configuration (deploy/haproxy.cfg,
 * ADR 0028), and two bare processes behind another copy of it: one box's cores, used by several
 * processes (issue 19). SQLite has one writer, so it runs one process.
 */
import os from 'node:os';
import { deviceOfBody, startHaproxy, type RunningProxy } from '@yanzhi/dev-support';
import { startChild, type Child } from '../lib/process.js';
import { UNLIMITED_RATES } from '../lib/server-process.js';
import { summarise } from '../lib/stats.js';
import { devices } from '../lib/device-jar.js';
import { cpuMs, postgresCpuMs } from '../load/cost-calls.js';
import { startDemoServer, type DemoServer } from '../load/demo-server.js';

const voters = Number(process.env.VOTERS ?? 32);
const seconds = Number(process.env.SECONDS ?? 10);
const photos = Number(process.env.PHOTOS ?? 200);
/** Seconds of the same load before each measured phase (JIT, caches, connections), not counted. */
const warmup = Number(process.env.WARMUP ?? 3);
const databaseUrl = process.env.DATABASE_URL ?? null;
const redisUrl = process.env.REDIS_URL ?? null;
const viaProxy = process.env.PROXY === '1';
if (viaProxy && (databaseUrl === null || redisUrl === null)) {
  throw new Error('PROXY=1 needs DATABASE_URL and REDIS_URL: its two instances share them');
}
const processes = viaProxy ? 2 : 1;

interface Envelope {
  code: number;
  msg: string;
  data: { pair_id: string; photos: { id: number }[] } | { id: number }[] | null;
}

async function post(
  url: string,
  body: Record<string, unknown>,
): Promise<{ ms: number; envelope: Envelope }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: devices.headers(deviceOfBody(body), { 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope;
  return { ms: performance.now() - started, envelope };
}

/** Two base URLs behind the proxy, or the one URL itself. */
async function door(urls: string[]): Promise<{ url: string; proxy: RunningProxy | null }> {
  const [first, second] = urls;
  if (first === undefined) throw new Error('no server');
  if (second === undefined) return { url: first, proxy: null };
  const proxy = await startHaproxy([first, second]);
  return { url: proxy.url, proxy };
}

/** CPU time (ms) of each process, in order. */
const cpuOf = (pids: number[]) => pids.map((pid) => cpuMs(pid));

process.stdout.write(
  `bundling and starting ${processes} server process(es), rendering ${photos} demo photos ...\n`,
);
const instanceEnv: Record<string, string> = {
  ...UNLIMITED_RATES,
  CATEGORIES: 'female:女生:Women',
  ARENA_MIN_DWELL_MS: '0',
  ...(viaProxy && redisUrl ? { REDIS_URL: redisUrl, TRUST_PROXY: '1' } : {}),
};
const instances: DemoServer[] = [];
for (let n = 0; n < processes; n += 1) {
  const first = instances[0];
  instances.push(
    await startDemoServer({
      name: `arena-load-${String(n + 1)}`,
      photosPerCategory: photos,
      databaseUrl,
      env: instanceEnv,
      ...(first ? { join: first } : {}),
    }),
  );
}
const server = await door(instances.map((instance) => instance.server.url));
const categories = (await post(`${server.url}/api/get_categories`, {})).envelope.data;
const categoryId = Array.isArray(categories) ? categories[0]?.id : undefined;
if (categoryId === undefined) throw new Error('no category');

interface Sink {
  pairs: number[];
  votes: number[];
  errors: number;
}

async function voter(index: number, deadline: number, sink: Sink): Promise<void> {
  const anonymousId = `web-bench-${index}-${Date.now()}`;
  while (performance.now() < deadline) {
    const pair = await post(`${server.url}/api/get_random_photos_for_rating`, {
      category_id: categoryId,
      anonymous_id: anonymousId,
    });
    sink.pairs.push(pair.ms);
    const data = pair.envelope.data;
    if (pair.envelope.code !== 0 || data === null || Array.isArray(data)) {
      sink.errors += 1;
      continue;
    }
    const [left, right] = data.photos;
    if (!left || !right) continue;
    const leftWins = Math.random() < 0.5;
    const result = await post(`${server.url}/api/submit_photo_rating`, {
      winner_photo_id: leftWins ? left.id : right.id,
      loser_photo_id: leftWins ? right.id : left.id,
      anonymous_id: anonymousId,
      pair_id: data.pair_id,
    });
    sink.votes.push(result.ms);
    if (result.envelope.code !== 0) sink.errors += 1;
  }
}

/** Every voter cycles until `forSeconds` from now. */
async function arena(forSeconds: number): Promise<Sink> {
  const sink: Sink = { pairs: [], votes: [], errors: 0 };
  const deadline = performance.now() + forSeconds * 1000;
  await Promise.all(Array.from({ length: voters }, (_, index) => voter(index, deadline, sink)));
  return sink;
}

await arena(warmup);
const pids = instances.map((instance) => instance.server.pid ?? 0);
const cpuBefore = cpuOf(pids);
const postgresBefore = databaseUrl ? postgresCpuMs() : 0;
const started = performance.now();
const measured = await arena(seconds);
const elapsed = (performance.now() - started) / 1000;
const cpuUsed = cpuOf(pids).map((after, n) => after - (cpuBefore[n] ?? 0));
const postgresUsed = databaseUrl ? postgresCpuMs() - postgresBefore : null;
server.proxy?.stop();
for (const instance of instances) await instance.close();

const bares: Child[] = [];
for (let n = 0; n < processes; n += 1) bares.push(await startChild('bench/lib/bare-server.ts', {}));
const bare = await door(bares.map((child) => child.url));
const barePids = bares.map((child) => child.process.pid ?? 0);
/** Every client posts to the bare endpoint until `forSeconds` from now. */
async function bareLoad(forSeconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const deadline = performance.now() + forSeconds * 1000;
  await Promise.all(
    Array.from({ length: voters }, async () => {
      while (performance.now() < deadline) latencies.push((await post(`${bare.url}/bare`, {})).ms);
    }),
  );
  return latencies;
}

await bareLoad(warmup);
const bareCpuBefore = cpuOf(barePids);
const bareStarted = performance.now();
const bareLatencies = await bareLoad(seconds);
const bareElapsed = (performance.now() - bareStarted) / 1000;
const bareCpuUsed = cpuOf(barePids).map((after, n) => after - (bareCpuBefore[n] ?? 0));
bare.proxy?.stop();
for (const child of bares) await child.stop();

const cycles = measured.votes.length;
const bareRequests = bareLatencies.length;
const perSecond = (count: number, within: number) => Math.round(count / within);
console.log(
  `node ${process.version}, ${os.cpus().length} cores, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ` +
    `${voters} concurrent voters, ${seconds} s, ${photos} photos in the category, ` +
    `${processes} server process(es)${viaProxy ? ' behind HAProxy (deploy/haproxy.cfg)' : ''}, ` +
    'client in a process of its own on the same cores',
);
console.table([
  summarise('get_random_photos_for_rating', measured.pairs, elapsed, 0),
  summarise('submit_photo_rating', measured.votes, elapsed, measured.errors),
  summarise('bare Fastify POST /bare', bareLatencies, bareElapsed, 0),
]);
console.table(
  [
    ...cpuUsed.map((used, n) => ({
      process: `yanzhi ${String(n + 1)}`,
      'CPU ms': Math.round(used),
      'CPU share': `${Math.round((used / 1000 / elapsed) * 100)}%`,
      'CPU ms per cycle or request': Math.round((used / cycles) * 100) / 100,
    })),
    ...(postgresUsed === null
      ? []
      : [
          {
            process: 'PostgreSQL (every backend)',
            'CPU ms': Math.round(postgresUsed),
            'CPU share': `${Math.round((postgresUsed / 1000 / elapsed) * 100)}%`,
            'CPU ms per cycle or request': Math.round((postgresUsed / cycles) * 100) / 100,
          },
        ]),
    ...bareCpuUsed.map((used, n) => ({
      process: `bare ${String(n + 1)}`,
      'CPU ms': Math.round(used),
      'CPU share': `${Math.round((used / 1000 / bareElapsed) * 100)}%`,
      'CPU ms per cycle or request': Math.round((used / bareRequests) * 100) / 100,
    })),
  ],
  ['process', 'CPU ms', 'CPU share', 'CPU ms per cycle or request'],
);
const cyclesPerSecond = perSecond(cycles, elapsed);
const barePerSecond = perSecond(bareRequests, bareElapsed);
console.log(
  `pair + vote cycles per second: ${cyclesPerSecond} in all, ` +
    `${Math.round(cyclesPerSecond / processes)} per process; ` +
    `bare Fastify requests per second: ${barePerSecond} in all, ` +
    `${Math.round(barePerSecond / processes)} per process`,
);
