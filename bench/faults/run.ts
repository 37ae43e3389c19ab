/**
 * Crash safety (issue 6, DESIGN §10, ADR 0011): concurrent voters, owners who upload, boost and
 * delete, and a SIGKILL at a random moment of each round; after every restart on the same data
 * folder, every acknowledged write must be in the database, nothing unacknowledged may be
 * (except writes whose answer the kill swallowed), and the invariants must hold.
 *
 *   npm run test:faults                              (20 rounds, 200 voters)
 *   npm run test:faults -- --rounds 3 --voters 50    (the CI form)
 *   npm run test:faults -- --big                     (restart to ready with 10,000,000 votes;
 *                                                    --cold drops the page cache first, as root)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBig } from './big.js';
import { checkDatabase } from './checks.js';
import { makeJpegs, runOwner, runVoter, signIn, type Client, type LoadContext } from './clients.js';
import { latencies, post } from './http.js';
import { Journal } from './journal.js';
import { waitForSweep } from './media.js';
import { RoundTable } from './report.js';
import { bundleServer, KillableServer, UNLIMITED_RATES } from '../lib/server-process.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    voters: { type: 'string', default: '200' },
    /** Share of the voters who are signed in (the rest are anonymous). */
    'signed-in': { type: 'string', default: '0.2' },
    owners: { type: 'string' },
    'min-load-ms': { type: 'string', default: '1500' },
    'max-load-ms': { type: 'string', default: '5000' },
    big: { type: 'boolean', default: false },
    'big-votes': { type: 'string', default: '10000000' },
    /** bundle: the server as `npm start` runs it (built into bench/faults/dist); source: tsx. */
    entry: { type: 'string', default: 'bundle' },
    cold: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

function whole(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`--${name} must be a number`);
  return number;
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-faults-'));
const dataDir = path.join(workDir, 'data');
const dbFile = path.join(dataDir, 'yanzhi.db');
const mediaDir = path.join(dataDir, 'media');
const logFile = path.join(workDir, 'server.log');

if (args.big) {
  const ok = await runBig({
    dataDir,
    logFile,
    votes: whole('big-votes', args['big-votes']),
    cold: args.cold,
  });
  if (!args.keep) fs.rmSync(workDir, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

const rounds = whole('rounds', args.rounds);
const voterCount = whole('voters', args.voters);
const ownerCount = whole('owners', args.owners ?? String(Math.max(2, Math.round(voterCount / 25))));
const signedInShare = whole('signed-in', args['signed-in']);
const loadMs: readonly [number, number] = [
  whole('min-load-ms', args['min-load-ms']),
  whole('max-load-ms', args['max-load-ms']),
];
const hostSecret = randomBytes(32).toString('hex');

const server = await KillableServer.create(
  {
    ...UNLIMITED_RATES,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    CATEGORIES: 'female:女生:Women,male:男生:Men',
    DEMO_PHOTOS_PER_CATEGORY: '40',
    HOST_TOKEN_SECRET: hostSecret,
    ARENA_MIN_DWELL_MS: '200',
    ARENA_REFIT_SECONDS: '15',
    FUEL_DAILY_CAP: '1000000',
    UPLOAD_ORPHAN_GRACE_SECONDS: '0',
  },
  logFile,
  args.entry === 'source' ? { kind: 'source' } : await bundleServer(),
);

const journal = new Journal();
const clients: (Client & { owner: boolean })[] = [];
for (let index = 0; index < voterCount + ownerCount; index += 1) {
  const owner = index >= voterCount;
  const signedIn = owner || index < Math.round(voterCount * signedInShare);
  clients.push({
    owner,
    anonymousId: `fault-${index}-${randomBytes(4).toString('hex')}`,
    token: null,
    userId: null,
    hostUserId: signedIn ? `fault-user-${index}` : null,
    photos: owner ? [] : null,
  });
}

console.log(
  `fault test: ${rounds} rounds, ${voterCount} voters (${Math.round(voterCount * signedInShare)} signed in) ` +
    `and ${ownerCount} owners, SIGKILL after ${loadMs[0]}-${loadMs[1]} ms of load; ` +
    `server: ${args.entry === 'source' ? 'tsx' : 'bundled'}; data in ${workDir}`,
);
const images = await makeJpegs(Math.max(40, ownerCount * 8));
const first = await server.start(300_000);
console.log(`first start (migrations, demo seeding): ${Math.round(first.readyMs)} ms`);

const categories = await post<{ id: number }[]>(`${server.url}/api/get_categories`, {}, null);
if (categories.kind !== 'acked') throw new Error('no categories');
for (const client of clients) await signIn(server.url, client, hostSecret, journal);

const baseline = checkDatabase(dbFile, mediaDir, journal);
if (baseline.violations.length > 0) {
  console.error('violations before the first kill:', baseline.violations);
  process.exit(1);
}

const table = new RoundTable();
const restartTimes: number[] = [];
const allViolations: string[] = [];
table.printHeader();

for (let round = 1; round <= rounds; round += 1) {
  journal.round = round;
  let running = true;
  const context: LoadContext = {
    url: server.url,
    categories: categories.data.map((category) => category.id),
    journal,
    images,
    running: () => running,
    dwellMs: [300, 1500],
  };
  const load = Promise.all(
    clients.map((client) => (client.owner ? runOwner(context, client) : runVoter(context, client))),
  );
  const killAfter = loadMs[0] + Math.random() * (loadMs[1] - loadMs[0]);
  await new Promise((resolve) => setTimeout(resolve, killAfter));
  const violations: string[] = [];
  // Clients stop starting requests at the kill; those already sent are in flight.
  running = false;
  if (!(await server.kill())) violations.push('the server died on its own during the load');
  await load;

  const started = await server.start(60_000);
  restartTimes.push(started.readyMs);
  const sweep = await waitForSweep(dbFile, mediaDir, 15_000);
  for (const key of sweep.left) violations.push(`orphan media file ${key} outlived the sweep`);
  const result = checkDatabase(dbFile, mediaDir, journal);
  violations.push(...result.violations);
  for (const error of journal.serverErrors.filter((entry) => entry.round === round)) {
    violations.push(`${error.call} answered ${error.code} (a server error)`);
  }
  table.printRow({
    round,
    loadMs: killAfter,
    counts: journal.roundCounts(round),
    result,
    violations,
    restartMs: started.readyMs,
    sweepMs: sweep.ms,
    voteMs: latencies
      .filter((entry) => entry.path === '/api/submit_photo_rating')
      .map((entry) => entry.ms)
      .sort((a, b) => a - b),
  });
  latencies.length = 0;
  allViolations.push(...violations.map((violation) => `round ${round}: ${violation}`));
}

await server.close();
table.printSummary(journal, restartTimes, allViolations, logFile);
if (!args.keep && allViolations.length === 0) fs.rmSync(workDir, { recursive: true, force: true });
process.exit(allViolations.length === 0 ? 0 : 1);
