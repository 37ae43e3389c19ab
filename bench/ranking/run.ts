/**
 * Ranking benchmark (DESIGN §5, issue 18): the real rating engine beside TrueSkill, Glicko-2,
 * OpenSkill, offline Bradley-Terry and two Elos, on the same hidden strengths and the same
 * voters, clean, with 25% bad voters and under harder voter models; then boost fairness, display
 * jitter and refit wall time of the engine alone.
 *
 *   npm run bench:ranking -w bench
 *
 * Environment (defaults in brackets): SEEDS [10], N [200,500] (one or a comma list), MAX [60]
 * votes per photo for clean / bad25, HARD_MAX [20] for the harder models, VOTERS [200],
 * SYSTEMS [all: engine,trueskill,glicko2,openskill,bradley-terry,elo-random,elo-8closest; also
 * engine-filtered and engine-flipped, the engine told who the bad voters are, when named],
 * MODELS [all: clean,bad25,taste,position,lapses,heavy,brigade], SECTIONS
 * [accuracy,boost,jitter,refit], ENGINE_N [the largest N] for boost and jitter, BOOST_SEEDS [5],
 * JITTER_SEEDS [5], BIG_N [20000], BIG_VOTES [1000000], JOBS [worker threads, min(4, cores)],
 * PARAMS [engine parameter overrides, JSON], RESULTS [a file to save the accuracy runs in, for
 * `npm run bench:ranking-compare -w bench -- before.json after.json`, seed by seed].
 *
 * Votes per photo = total votes ÷ N throughout (comparisons per photo are twice that).
 * Exit code 1 when one of issue 18's targets is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ratingParams, type RatingParams } from '../../apps/server/src/domain/rating/index.js';
import { savedResults, type AccuracyResult } from './accuracy.js';
import { runJob, type BoostResult, type Job, type JobResult, type JitterResult } from './jobs.js';
import { ALL_SYSTEMS, SYSTEMS, type SystemName } from './peers/index.js';
import { printRefitTime } from './refit-time.js';
import { AccuracyReport, printVerdicts } from './report-accuracy.js';
import { printBoost, printEngineDetails, printJitter } from './report-engine.js';
import { THETA_SD } from './sim.js';
import { MAIN_MODELS, VOTER_MODELS, type VoterModel } from './voters.js';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
function list<T extends string>(name: string, all: readonly T[], defaults = all): T[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return [...defaults];
  const items = raw.split(',').map((s) => s.trim());
  const unknown = items.filter((s) => !(all as readonly string[]).includes(s));
  if (unknown.length > 0) throw new Error(`${name}: unknown ${unknown.join(', ')}`);
  return all.filter((s) => items.includes(s));
}
const SEEDS = Math.floor(env('SEEDS', 10));
const NS = (process.env.N ?? '200,500').split(',').map((s) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 10) throw new Error('N must be integers ≥ 10, comma separated');
  return n;
});
const MAX = env('MAX', 60);
const HARD_MAX = env('HARD_MAX', 20);
const VOTERS = Math.floor(env('VOTERS', 200));
const SYSTEM_LIST = list('SYSTEMS', ALL_SYSTEMS, SYSTEMS);
const MODEL_LIST = list('MODELS', VOTER_MODELS);
const SECTIONS = list('SECTIONS', ['accuracy', 'boost', 'jitter', 'refit'] as const);
const BOOST_SEEDS = Math.floor(env('BOOST_SEEDS', 5));
const JITTER_SEEDS = Math.floor(env('JITTER_SEEDS', 5));
const BIG_N = Math.floor(env('BIG_N', 20_000));
const BIG_VOTES = Math.floor(env('BIG_VOTES', 1_000_000));
const THREADS = Math.floor(env('JOBS', Math.min(4, os.availableParallelism())));
/** Where to save the accuracy runs for `bench:ranking-compare` (not saved when unset). */
const RESULTS = process.env.RESULTS?.trim() || undefined;
const overrides = JSON.parse(process.env.PARAMS ?? '{}') as Partial<RatingParams>;
const settings = { voters: VOTERS, step: 1, overrides };
const params = ratingParams(overrides);
/** Boost, jitter and the refit timing (engine only) run at one N, the largest by default. */
const ENGINE_N = Math.floor(env('ENGINE_N', Math.max(...NS)));
const HARD_POINTS = [20, HARD_MAX].filter((x, k, xs) => x <= HARD_MAX && xs.indexOf(x) === k);
const started = performance.now();

/** Runs the jobs on a pool of worker threads (in this thread when JOBS=1). */
async function runAll(jobs: readonly Job[]): Promise<JobResult[]> {
  if (THREADS <= 1) return jobs.map((job) => runJob(settings, job));
  const results: JobResult[] = new Array<JobResult>(jobs.length);
  let next = 0;
  const workerLoop = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(new URL('./worker.mjs', import.meta.url));
      const send = () => {
        if (next >= jobs.length) {
          void worker.terminate().then(() => {
            resolve();
          });
          return;
        }
        const id = next++;
        worker.postMessage({ settings, job: jobs[id], id });
      };
      worker.on('message', (message: { id: number; result: JobResult }) => {
        results[message.id] = message.result;
        send();
      });
      worker.on('error', reject);
      send();
    });
  await Promise.all(Array.from({ length: Math.min(THREADS, jobs.length) }, workerLoop));
  return results;
}

function accuracyJobs(): Job[] {
  if (!SECTIONS.includes('accuracy')) return [];
  const jobs: Job[] = [];
  for (const n of NS) {
    for (const model of MODEL_LIST) {
      const max = MAIN_MODELS.includes(model) ? MAX : HARD_MAX;
      for (const system of SYSTEM_LIST) {
        for (let seed = 1; seed <= SEEDS; seed++) {
          const keepVotes =
            system === 'engine' && model === 'bad25' && seed === 1 && n === ENGINE_N;
          jobs.push({ kind: 'accuracy', system, model, n, seed, max, keepVotes });
        }
      }
    }
  }
  return jobs;
}

function engineJobs(): Job[] {
  const jobs: Job[] = [];
  const base = { n: ENGINE_N, max: MAX };
  if (SECTIONS.includes('boost')) {
    for (const model of ['clean', 'bad25'] as const) {
      for (let seed = 1; seed <= BOOST_SEEDS; seed++) {
        jobs.push({ kind: 'boost', ...base, seed, model });
      }
    }
  }
  if (SECTIONS.includes('jitter')) {
    for (let seed = 1; seed <= JITTER_SEEDS; seed++) {
      jobs.push({ kind: 'jitter', ...base, seed, model: 'bad25' });
    }
  }
  return jobs;
}

/** Rough cost, so that the longest jobs start first and the pool ends together. */
function cost(job: Job): number {
  const weight: Partial<Record<SystemName, number>> = { engine: 6, 'bradley-terry': 3 };
  const factor = job.kind === 'accuracy' ? (weight[job.system] ?? 1) : 6;
  return factor * job.n * job.max * job.n;
}

function printHeader(): void {
  const shown = (name: string, value: string) => `${name}=${value}`;
  console.log('Yanzhi Arena ranking benchmark');
  console.log(
    '  reproduce: ' +
      [
        shown('SEEDS', String(SEEDS)),
        shown('N', NS.join(',')),
        shown('MAX', String(MAX)),
        shown('HARD_MAX', String(HARD_MAX)),
        shown('VOTERS', String(VOTERS)),
        shown('SYSTEMS', SYSTEM_LIST.join(',')),
        shown('MODELS', MODEL_LIST.join(',')),
        shown('SECTIONS', SECTIONS.join(',')),
        shown('BOOST_SEEDS', String(BOOST_SEEDS)),
        shown('JITTER_SEEDS', String(JITTER_SEEDS)),
        shown('ENGINE_N', String(ENGINE_N)),
        shown('BIG_N', String(BIG_N)),
        shown('BIG_VOTES', String(BIG_VOTES)),
        ...(Object.keys(overrides).length > 0 ? [`PARAMS='${JSON.stringify(overrides)}'`] : []),
      ].join(' ') +
      ' npm run bench:ranking -w bench',
  );
  console.log(
    `  true strengths θ ~ Normal(0, ${THETA_SD}²) (logit scale); ${VOTERS} voters; a vote's ` +
      'voter is drawn uniformly (Zipf for "heavy"); honest voters vote by Bradley-Terry on θ',
  );
  console.log(
    '  voter models: clean; bad25 = 25% bad (random, always-left, inverted in equal parts); ' +
      'taste = per-voter per-photo offset N(0, 0.5²); position = top photo +0.3 logit; lapses = ' +
      '5% coin flips; heavy = Zipf(1) activity; brigade = 5% always pick one target',
  );
  console.log(
    `  votes per photo = total votes ÷ N (comparisons per photo are twice that), checked after ` +
      `every vote per photo, up to ${MAX} (clean, bad25) and ${HARD_MAX} (harder models); ` +
      `τ = Kendall τ-b of the system's current order against θ`,
  );
  console.log(
    '  engine = real code: pickPair + CategoryIndex, updateOnline per vote, fitWithInfluence ' +
      'refit every N/2 votes (scored by its latest refit), voter reliability and gold pairs',
  );
  console.log(
    `  host: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ` +
      `${THREADS} worker thread(s); load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}`,
  );
  console.log('');
}

printHeader();
const jobs = [...accuracyJobs(), ...engineJobs()];
const order = jobs.map((_, i) => i).sort((a, b) => cost(jobs[b] as Job) - cost(jobs[a] as Job));
const sortedResults = await runAll(order.map((i) => jobs[i] as Job));
const results = new Array<JobResult>(jobs.length);
order.forEach((i, k) => (results[i] = sortedResults[k] as JobResult));
const accuracyResults = results.filter((r): r is AccuracyResult => r.kind === 'accuracy');
if (RESULTS !== undefined) fs.writeFileSync(RESULTS, JSON.stringify(savedResults(accuracyResults)));
const boostResults = results.filter((r): r is BoostResult => r.kind === 'boost');
const jitterResults = results.filter((r): r is JitterResult => r.kind === 'jitter');
let missed = false;

if (SECTIONS.includes('accuracy')) {
  const report = new AccuracyReport(accuracyResults, SYSTEM_LIST, NS, MAX);
  const main = MODEL_LIST.filter((m) => MAIN_MODELS.includes(m));
  const harder = MODEL_LIST.filter((m) => !MAIN_MODELS.includes(m));
  report.printSystems();
  report.printMain(main);
  report.printBudgets(main, [10, 20, 40, 60]);
  report.printHarder([...main, ...harder] as VoterModel[], 20);
  report.printBrigade(HARD_POINTS);
  for (const n of NS) for (const model of main) printEngineDetails(accuracyResults, model, n);
  console.log('');
  const verdicts = report.judge(HARD_POINTS);
  printVerdicts(verdicts);
  missed = verdicts.some((v) => v.met === false);
}
for (const model of ['clean', 'bad25'] as const) {
  const runs = boostResults.filter((r) => r.model === model);
  if (runs.length > 0) printBoost(runs, model, ENGINE_N, params);
}
if (jitterResults.length > 0) printJitter(jitterResults, ENGINE_N, MAX, params);
if (SECTIONS.includes('refit')) {
  printRefitTime({
    kept: accuracyResults.find((r) => r.engine?.votes != null)?.engine?.votes ?? null,
    n: ENGINE_N,
    voters: VOTERS,
    params,
    bigN: BIG_N,
    bigVotes: BIG_VOTES,
  });
}
console.log('');
console.log(`total bench time ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (missed) process.exitCode = 1;
