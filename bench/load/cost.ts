/**
 * The server's CPU time per call: each call driven N times (8 at a time) against the bundled
 * server, with the process's user + system time read from /proc before and after. Unlike
 * latency, this figure holds on a busy machine, so it is what to watch while optimising; the
 * capacity of one core is 1000 / (ms per call) calls per second.
 *
 *   npm run bench:load-cost -w bench        (N=2000 PHOTOS=200 PROFILE=1 DATABASE_URL=…)
 *
 * PROFILE=1 also writes a V8 CPU profile of the server into bench/dist/profiles.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/process.js';
import { RAISED, startDemoServer } from './demo-server.js';
import { Client, signInMany, type Voter } from './traffic.js';

const count = Number(process.env.N ?? 2000);
const photosPerCategory = Number(process.env.PHOTOS ?? 200);
const databaseUrl = process.env.DATABASE_URL ?? null;
const profileDir = path.join(repoRoot, 'bench/dist/profiles');

/** user + system CPU time of a process in ms, from /proc/<pid>/stat. */
function cpuMs(pid: number, file = `/proc/${pid}/stat`): number {
  const stat = fs.readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/**
 * The CPU time of the server's main thread (its event loop, whose share bounds the request
 * rate). The rest goes to V8's helpers (garbage collection, compilers), libuv's pool and the
 * worker threads; Node leaves all of them unnamed, so they are counted together.
 */
function mainThreadCpuMs(pid: number): number {
  return cpuMs(pid, `/proc/${pid}/task/${pid}/stat`);
}

/** Bytes the process has written through write(2) and friends (/proc/<pid>/io, wchar). */
function writtenBytes(pid: number): number {
  const io = fs.readFileSync(`/proc/${pid}/io`, 'utf8');
  return Number(/^wchar: (\d+)$/m.exec(io)?.[1] ?? 0);
}

/** CPU time of every PostgreSQL process on this machine (its backends do the queries' work). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        total += cpuMs(Number(entry));
      }
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

fs.mkdirSync(profileDir, { recursive: true });
const demo = await startDemoServer({
  name: 'cost',
  photosPerCategory,
  databaseUrl,
  env: {
    ARENA_MIN_DWELL_MS: '0',
    RATE_LIMIT_PAIRS_PER_MINUTE: RAISED,
    RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: RAISED,
    RATE_LIMIT_VOTES_PER_MINUTE_USER: RAISED,
  },
  ...(process.env.PROFILE ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
});
const { server, hostSecret } = demo;
const pid = server.pid;
if (pid === null) throw new Error('no server process');
const client = new Client(server.url, 16);
const categories = (
  (await client.call<{ id: number }[]>('/api/get_categories', {}, null)).data ?? []
).map((category) => category.id);
const signedIn = await signInMany(client, 'cost', 200, hostSecret);
const voters: Voter[] = [
  ...signedIn,
  ...Array.from({ length: 800 }, (_, index) => ({ anonymousId: `cost-${index}`, token: null })),
];
const voterAt = (index: number) =>
  voters[index % voters.length] ?? { anonymousId: 'x', token: null };
const categoryAt = (index: number) => categories[index % categories.length] ?? 1;

interface Pair {
  pair_id: string;
  photos: { id: number }[];
}

const rows: {
  call: string;
  requests: number;
  'server CPU ms/call': number;
  'of it main thread': number;
  'KB written/call': number;
  'PostgreSQL CPU ms/call'?: number;
  'calls/s (8 at a time)': number;
  'not ok': number;
}[] = [];

async function measure(call: string, operation: (index: number) => Promise<number>): Promise<void> {
  let next = 0;
  let notOk = 0;
  const before = cpuMs(pid as number);
  const mainBefore = mainThreadCpuMs(pid as number);
  const writtenBefore = writtenBytes(pid as number);
  const postgresBefore = databaseUrl ? postgresCpuMs() : 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        if ((await operation(index)) !== 0) notOk += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(pid as number) - before;
  const main = mainThreadCpuMs(pid as number) - mainBefore;
  const written = writtenBytes(pid as number) - writtenBefore;
  rows.push({
    call,
    requests: count,
    'server CPU ms/call': Math.round((cpu / count) * 1000) / 1000,
    'of it main thread': Math.round((main / count) * 1000) / 1000,
    'KB written/call': Math.round((written / count / 1024) * 10) / 10,
    ...(databaseUrl
      ? {
          'PostgreSQL CPU ms/call':
            Math.round(((postgresCpuMs() - postgresBefore) / count) * 1000) / 1000,
        }
      : {}),
    'calls/s (8 at a time)': Math.round(count / seconds),
    'not ok': notOk,
  });
}

// Warm the code paths and the in-memory indexes before counting.
for (let index = 0; index < 200; index += 1) {
  await client.call(
    '/api/get_random_photos_for_rating',
    { category_id: categoryAt(index), anonymous_id: `warm-${index}` },
    null,
  );
  await client.call(
    '/api/get_leaderboard',
    { category_id: categoryAt(index), period_type: 'all' },
    null,
  );
}

const pairs: { pair: Pair; voter: Voter }[] = [];
await measure('get_random_photos_for_rating', async (index) => {
  const voter = voterAt(index);
  const answer = await client.call<Pair>(
    '/api/get_random_photos_for_rating',
    { category_id: categoryAt(index), anonymous_id: voter.anonymousId },
    voter.token,
  );
  if (answer.code === 0 && answer.data) pairs.push({ pair: answer.data, voter });
  return answer.code;
});
await measure('submit_photo_rating', async (index) => {
  const served = pairs[index];
  const [left, right] = served?.pair.photos ?? [];
  if (!served || !left || !right) return -1;
  const answer = await client.call(
    '/api/submit_photo_rating',
    {
      winner_photo_id: left.id,
      loser_photo_id: right.id,
      anonymous_id: served.voter.anonymousId,
      pair_id: served.pair.pair_id,
    },
    served.voter.token,
  );
  return answer.code;
});
const periods = ['day', 'week', 'month', 'all'];
await measure('get_leaderboard', async (index) => {
  const voter = voterAt(index);
  return (
    await client.call(
      '/api/get_leaderboard',
      { category_id: categoryAt(index), period_type: periods[index % 4], page: 1 },
      index % 3 === 0 ? voter.token : null,
    )
  ).code;
});
await measure('get_user_vote_stats', async (index) => {
  const voter = voterAt(index);
  return (
    await client.call('/api/get_user_vote_stats', { anonymous_id: voter.anonymousId }, voter.token)
  ).code;
});
await measure('get_user_info', async (index) => {
  const voter = signedIn[index % signedIn.length];
  return (await client.call('/api/get_user_info', { token: voter?.token }, voter?.token ?? null))
    .code;
});
await measure('get_my_photos', async (index) => {
  const voter = signedIn[index % signedIn.length];
  return (await client.call('/api/get_my_photos', { page: 1, page_size: 20 }, voter?.token ?? null))
    .code;
});
await measure(
  'get_categories',
  async () => (await client.call('/api/get_categories', {}, null)).code,
);

await client.close();
if (process.env.PROFILE) {
  // SIGTERM: the graceful shutdown exits normally, which is when V8 writes the profile.
  process.kill(pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 3000));
}
await demo.close();
console.log(
  `node ${process.version}, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ` +
    `${categories.length} categories × ${photosPerCategory} demo photos, ${voters.length} voters`,
);
console.table(rows);
if (process.env.PROFILE) console.log(`profile written to ${profileDir}`);
