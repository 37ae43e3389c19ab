/**
 * The benchmark's units of work, each a pure function of its description (seeded), so they can
 * run in worker threads in any order and still print the same figures.
 */
import {
  CategoryIndex,
  chooseReferenceSet,
  displayScore,
  isProvisional,
  referenceMus,
  referenceWinRate,
  ratingParams,
  seededRng,
  type RatingParams,
} from '../../apps/server/src/domain/rating/index.js';
import {
  accuracy,
  type AccuracyJob,
  type AccuracyResult,
  type AccuracySettings,
} from './accuracy.js';
import { rankPercentiles } from './metrics.js';
import { EngineSim, makeWorld, type World } from './sim.js';
import type { VoterModel } from './voters.js';

export type { AccuracyResult };

export type Settings = AccuracySettings;

/** Boost and jitter run the engine alone on one N up to `max` votes per photo (votes ÷ N). */
export type Job =
  | AccuracyJob
  | {
      readonly kind: 'boost';
      readonly n: number;
      readonly max: number;
      readonly seed: number;
      readonly model: VoterModel;
    }
  | {
      readonly kind: 'jitter';
      readonly n: number;
      readonly max: number;
      readonly seed: number;
      readonly model: VoterModel;
    };

export interface BoostResult {
  readonly kind: 'boost';
  readonly seed: number;
  readonly model: VoterModel;
  readonly at: number[];
  readonly bias: number[];
  readonly absError: number[];
  readonly exposureRatio: number;
  readonly boostShare: number;
}

export interface JitterResult {
  readonly kind: 'jitter';
  readonly seed: number;
  readonly model: VoterModel;
  readonly frozen: number;
  /** Per refit period: max and mean |Δ display score| (score units), max before rounding. */
  readonly maxChange: number[];
  readonly meanChange: number[];
  readonly maxRaw: number[];
  readonly referencesStable: boolean;
  /**
   * Votes stopped: the largest |Δ display score| of any photo (score units, before rounding)
   * over two more refits with no vote between them (issue 18: a refit is a function of the votes).
   */
  readonly stoppedRaw: number;
}

export type JobResult = AccuracyResult | BoostResult | JitterResult;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

type EngineJob = Extract<Job, { kind: 'boost' | 'jitter' }>;

function worldFor(settings: Settings, job: EngineJob, seed: number, boosted = 0): World {
  return makeWorld({
    seed,
    photos: job.n,
    voters: settings.voters,
    model: job.model,
    boostedShare: boosted,
    votes: Math.round(job.max * job.n),
  });
}

/**
 * Drives the engine over the world's vote stream as the server would: a refit every n/2 votes
 * (one comparison per photo); `checkpoint` runs after every `step` votes per photo (votes ÷ N),
 * right after a refit, and the engine is scored by that refit.
 */
function runEngine(
  settings: Settings,
  job: EngineJob,
  world: World,
  checkpoint: (sim: EngineSim, m: number) => void,
) {
  const sim = new EngineSim(world, ratingParams(settings.overrides));
  const period = Math.max(1, Math.floor(job.n / 2));
  const every = Math.max(1, Math.round(settings.step * job.n));
  for (let t = 0; t < world.stream.length; t++) {
    sim.step(world.stream[t] as number);
    if ((t + 1) % period === 0) sim.refit();
    if ((t + 1) % every === 0) checkpoint(sim, (t + 1) / job.n);
  }
  return sim;
}

/** Checkpoints of the boost experiment, in votes per photo (votes ÷ N). */
const BOOST_AT = [10, 25, 50, 100];

function boost(settings: Settings, job: Extract<Job, { kind: 'boost' }>): BoostResult {
  const world = worldFor(settings, job, 1000 + job.seed, 0.1);
  const truePct = rankPercentiles(world.theta);
  const at: number[] = [];
  const bias: number[] = [];
  const absError: number[] = [];
  const sim = runEngine(settings, job, world, (s, m) => {
    if (!BOOST_AT.some((x) => Math.abs(x - m) < 1e-9)) return;
    const estPct = rankPercentiles(s.last?.mu ?? new Float64Array(job.n));
    const diffs: number[] = [];
    for (let i = 0; i < job.n; i++) {
      if (world.boosted[i] === 1) diffs.push((estPct[i] as number) - (truePct[i] as number));
    }
    at.push(m);
    bias.push(mean(diffs));
    absError.push(mean(diffs.map(Math.abs)));
  });
  const boosted: number[] = [];
  const others: number[] = [];
  for (let i = 0; i < job.n; i++) {
    (world.boosted[i] === 1 ? boosted : others).push(sim.exposure[i] as number);
  }
  return {
    kind: 'boost',
    seed: job.seed,
    model: job.model,
    at,
    bias,
    absError,
    exposureRatio: mean(boosted) / mean(others),
    boostShare: sim.kinds.boost / Math.max(1, sim.served),
  };
}

/**
 * Settles a category, freezes a random half of its established photos (no more votes on them),
 * keeps voting among the other photos (pairs from an index that holds only those) and measures
 * how the frozen photos' display scores move from one refit to the next.
 */
function jitter(settings: Settings, job: Extract<Job, { kind: 'jitter' }>): JitterResult {
  const world = worldFor(settings, job, 2000 + job.seed);
  const params = ratingParams(settings.overrides);
  const sim = runEngine(settings, job, world, () => undefined);
  const last = sim.last;
  if (last === null) throw new Error('no refit');
  const rng = seededRng(job.seed * 97 + 5);
  const candidates = world.ids.map((id, i) => ({
    id,
    mu: last.mu[i] as number,
    sigma2: last.sigma2[i] as number,
  }));
  const references = chooseReferenceSet(candidates, [], params);
  const frozen: number[] = [];
  candidates.forEach((c, i) => {
    if (!isProvisional(c.sigma2, params) && rng() < 0.5) frozen.push(i);
  });
  const frozenSet = new Set(frozen);
  const others = new CategoryIndex(
    params,
    world.ids.flatMap((id, i) => {
      const photo = sim.index.get(id);
      return photo === undefined || frozenSet.has(i) ? [] : [photo];
    }),
  );
  const scoreOf = (mu: Float64Array) => {
    const refs = referenceMus(references, world.ids, mu);
    return {
      score: frozen.map((i) => displayScore(mu[i] as number, refs, params)),
      rate: frozen.map((i) => referenceWinRate(mu[i] as number, refs, params)),
    };
  };
  let previous = scoreOf(last.mu);
  const maxChange: number[] = [];
  const meanChange: number[] = [];
  const maxRaw: number[] = [];
  let referencesStable = true;
  const period = Math.max(1, Math.floor(job.n / 2));
  for (let p = 0; p < 10; p++) {
    for (let t = 0; t < period; t++) sim.step(Math.floor(rng() * settings.voters), others);
    const result = sim.refit(others);
    const current = scoreOf(result.mu);
    const diffs = current.score.map((s, k) => Math.abs(s - (previous.score[k] as number)) / 100);
    const raw = current.rate.map(
      (r, k) => (Math.abs(r - (previous.rate[k] as number)) * 900) / 100,
    );
    maxChange.push(Math.max(...diffs));
    meanChange.push(mean(diffs));
    maxRaw.push(Math.max(...raw));
    previous = current;
    const again = chooseReferenceSet(
      world.ids.map((id, i) => ({
        id,
        mu: result.mu[i] as number,
        sigma2: result.sigma2[i] as number,
      })),
      references,
      params,
    );
    if (again.join() !== references.join()) referencesStable = false;
  }
  const stoppedRaw = stoppedChange(sim, world.ids, references, params);
  return {
    kind: 'jitter',
    seed: job.seed,
    model: job.model,
    frozen: frozen.length,
    maxChange,
    meanChange,
    maxRaw,
    referencesStable,
    stoppedRaw,
  };
}

/** The jitter run's refits once votes stop: how far any photo's display score still moves. */
function stoppedChange(
  sim: EngineSim,
  ids: readonly string[],
  references: string[],
  params: RatingParams,
): number {
  const rates = (mu: Float64Array) => {
    const refs = referenceMus(references, ids, mu);
    return ids.map((_, i) => referenceWinRate(mu[i] as number, refs, params));
  };
  const last = sim.last;
  if (last === null) throw new Error('no refit');
  let previous = rates(last.mu);
  let worst = 0;
  for (let p = 0; p < 2; p++) {
    const current = rates(sim.refit().mu);
    current.forEach((r, i) => {
      worst = Math.max(worst, (Math.abs(r - (previous[i] as number)) * 900) / 100);
    });
    previous = current;
  }
  return worst;
}

export function runJob(settings: Settings, job: Job): JobResult {
  switch (job.kind) {
    case 'accuracy':
      return accuracy(settings, job);
    case 'boost':
      return boost(settings, job);
    case 'jitter':
      return jitter(settings, job);
  }
}
