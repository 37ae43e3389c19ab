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
  type PairKind,
  type RatingParams,
} from '../../apps/server/src/domain/rating/index.js';
import { kendallTau, rankPercentiles, topKPrecision } from './metrics.js';
import { EloSim } from './elo-sim.js';
import { EngineSim, makeWorld, type VoterKind, type World } from './sim.js';

export interface Settings {
  /** Photos per category. */
  readonly n: number;
  /** Largest votes per photo (comparisons per photo = total votes × 2 / n). */
  readonly max: number;
  readonly voters: number;
  /** Checkpoint every this many votes per photo. */
  readonly step: number;
  /** Engine parameter overrides (PARAMS='{"…": …}'); empty for the defaults. */
  readonly overrides: Partial<RatingParams>;
}

export type Job =
  | {
      readonly kind: 'accuracy';
      readonly seed: number;
      readonly bad: number;
      readonly keepVotes: boolean;
      /** Skip the Elo baselines (for quick engine experiments). */
      readonly engineOnly?: boolean;
    }
  | { readonly kind: 'boost'; readonly seed: number; readonly bad: number }
  | { readonly kind: 'jitter'; readonly seed: number; readonly bad: number };

export interface Curve {
  tau: number[];
  top10: number[];
}

export interface AccuracyResult {
  readonly kind: 'accuracy';
  readonly seed: number;
  readonly bad: number;
  readonly ms: number[];
  readonly curves: { engine: Curve; 'elo-random': Curve; 'elo-8closest': Curve };
  readonly weights: Record<VoterKind, number>;
  readonly kinds: Record<PairKind, number>;
  readonly served: number;
  readonly unserved: number;
  readonly refits: number;
  readonly refitMillis: number;
  readonly votes: {
    winner: Int32Array;
    loser: Int32Array;
    voter: Int32Array;
    mu: Float64Array;
    voterWeight: Float64Array;
  } | null;
}

export interface BoostResult {
  readonly kind: 'boost';
  readonly seed: number;
  readonly bad: number;
  readonly at: number[];
  readonly bias: number[];
  readonly absError: number[];
  readonly exposureRatio: number;
  readonly boostShare: number;
}

export interface JitterResult {
  readonly kind: 'jitter';
  readonly seed: number;
  readonly bad: number;
  readonly frozen: number;
  /** Per refit period: max and mean |Δ display score| (score units), max before rounding. */
  readonly maxChange: number[];
  readonly meanChange: number[];
  readonly maxRaw: number[];
  readonly referencesStable: boolean;
}

export type JobResult = AccuracyResult | BoostResult | JitterResult;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

function worldFor(settings: Settings, seed: number, bad: number, boosted = 0): World {
  return makeWorld({
    seed,
    photos: settings.n,
    voters: settings.voters,
    badShare: bad,
    boostedShare: boosted,
    votes: Math.round((settings.max * settings.n) / 2),
  });
}

/**
 * Drives the engine over the world's vote stream as the server would: a refit every n/2 votes
 * (one comparison per photo); `checkpoint` runs after every `step` votes per photo, i.e. right
 * after a refit, and the engine is scored by that refit.
 */
function runEngine(
  settings: Settings,
  world: World,
  checkpoint: (sim: EngineSim, m: number) => void,
) {
  const sim = new EngineSim(world, ratingParams(settings.overrides));
  const period = Math.max(1, Math.floor(settings.n / 2));
  const every = Math.max(1, Math.round((settings.step * settings.n) / 2));
  for (let t = 0; t < world.stream.length; t++) {
    sim.step(world.stream[t] as number);
    if ((t + 1) % period === 0) sim.refit();
    if ((t + 1) % every === 0) checkpoint(sim, ((t + 1) * 2) / settings.n);
  }
  return sim;
}

function runElo(settings: Settings, world: World, mode: 'random' | 'closest8'): Curve {
  const elo = new EloSim(world, mode);
  const every = Math.max(1, Math.round((settings.step * settings.n) / 2));
  const curve: Curve = { tau: [], top10: [] };
  for (let t = 0; t < world.stream.length; t++) {
    elo.step(world.stream[t] as number);
    if ((t + 1) % every === 0) {
      curve.tau.push(kendallTau(world.theta, elo.rating));
      curve.top10.push(topKPrecision(world.theta, elo.rating, 10));
    }
  }
  return curve;
}

function accuracy(settings: Settings, job: Extract<Job, { kind: 'accuracy' }>): AccuracyResult {
  const world = worldFor(settings, job.seed, job.bad);
  const ms: number[] = [];
  const engine: Curve = { tau: [], top10: [] };
  const sim = runEngine(settings, world, (s, m) => {
    const mu = s.last?.mu ?? new Float64Array(settings.n);
    ms.push(m);
    engine.tau.push(kendallTau(world.theta, mu));
    engine.top10.push(topKPrecision(world.theta, mu, 10));
  });
  return {
    kind: 'accuracy',
    seed: job.seed,
    bad: job.bad,
    ms,
    curves: {
      engine,
      'elo-random': job.engineOnly === true ? engine : runElo(settings, world, 'random'),
      'elo-8closest': job.engineOnly === true ? engine : runElo(settings, world, 'closest8'),
    },
    weights: sim.weightsByKind(),
    kinds: { ...sim.kinds },
    served: sim.served,
    unserved: sim.unserved,
    refits: sim.refits,
    refitMillis: sim.refitMillis,
    votes:
      job.keepVotes && sim.last !== null
        ? {
            winner: sim.winner.slice(0, sim.count),
            loser: sim.loser.slice(0, sim.count),
            voter: sim.voter.slice(0, sim.count),
            mu: sim.last.mu,
            voterWeight: sim.last.voters.weight,
          }
        : null,
  };
}

const BOOST_AT = [20, 50, 100, 200];

function boost(settings: Settings, job: Extract<Job, { kind: 'boost' }>): BoostResult {
  const world = worldFor(settings, 1000 + job.seed, job.bad, 0.1);
  const truePct = rankPercentiles(world.theta);
  const at: number[] = [];
  const bias: number[] = [];
  const absError: number[] = [];
  const sim = runEngine(settings, world, (s, m) => {
    if (!BOOST_AT.some((x) => Math.abs(x - m) < 1e-9)) return;
    const estPct = rankPercentiles(s.last?.mu ?? new Float64Array(settings.n));
    const diffs: number[] = [];
    for (let i = 0; i < settings.n; i++) {
      if (world.boosted[i] === 1) diffs.push((estPct[i] as number) - (truePct[i] as number));
    }
    at.push(m);
    bias.push(mean(diffs));
    absError.push(mean(diffs.map(Math.abs)));
  });
  const boosted: number[] = [];
  const others: number[] = [];
  for (let i = 0; i < settings.n; i++) {
    (world.boosted[i] === 1 ? boosted : others).push(sim.exposure[i] as number);
  }
  return {
    kind: 'boost',
    seed: job.seed,
    bad: job.bad,
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
  const world = worldFor(settings, 2000 + job.seed, job.bad);
  const params = ratingParams(settings.overrides);
  const sim = runEngine(settings, world, () => undefined);
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
      score: frozen.map((i) => displayScore(mu[i] as number, refs)),
      rate: frozen.map((i) => referenceWinRate(mu[i] as number, refs)),
    };
  };
  let previous = scoreOf(last.mu);
  const maxChange: number[] = [];
  const meanChange: number[] = [];
  const maxRaw: number[] = [];
  let referencesStable = true;
  const period = Math.max(1, Math.floor(settings.n / 2));
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
  return {
    kind: 'jitter',
    seed: job.seed,
    bad: job.bad,
    frozen: frozen.length,
    maxChange,
    meanChange,
    maxRaw,
    referencesStable,
  };
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
