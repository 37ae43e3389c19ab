/**
 * The accuracy job: one system, one voter model, one N, one seed. Votes arrive one at a time
 * (the world's voter stream); after every `step` votes per photo the system's current order is
 * scored against the hidden truth.
 *
 * Units: "votes per photo" is total votes ÷ N (each vote compares two photos, so comparisons per
 * photo are twice that).
 */
import type { PairKind, RatingParams } from '../../apps/server/src/domain/rating/index.js';
import { kendallTau, rankPercentiles, topKPrecision } from './metrics.js';
import { EnginePeer } from './peers/engine.js';
import { makeSystem, type SystemName } from './peers/index.js';
import { decide, outcomeRng, targetPhoto, type VoterKind, type VoterModel } from './voters.js';
import { makeWorld } from './sim.js';

export interface AccuracyJob {
  readonly kind: 'accuracy';
  readonly system: SystemName;
  readonly model: VoterModel;
  readonly n: number;
  readonly seed: number;
  /** Largest votes per photo (votes ÷ N). */
  readonly max: number;
  /** Keep the engine's votes and last refit (for the refit wall-time section). */
  readonly keepVotes: boolean;
}

export interface EngineStats {
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

export interface AccuracyResult {
  readonly kind: 'accuracy';
  readonly system: SystemName;
  readonly model: VoterModel;
  readonly n: number;
  readonly seed: number;
  /** Checkpoints, in votes per photo (votes ÷ N). */
  readonly ms: number[];
  readonly tau: number[];
  readonly top10: number[];
  /**
   * Shown − true rank percentile (points, 0-100) of the brigade's target photo (voters.ts
   * targetPhoto), measured under every model: without a brigade it is the baseline error.
   */
  readonly targetError: number[];
  readonly engine: EngineStats | null;
}

/** One accuracy run as `RESULTS=file` saves it for `bench:ranking-compare`. */
export type SavedResult = Pick<
  AccuracyResult,
  'system' | 'model' | 'n' | 'seed' | 'ms' | 'tau' | 'targetError'
>;

/** The accuracy runs without the engine's internals, for `RESULTS=file`. */
export function savedResults(results: readonly AccuracyResult[]): SavedResult[] {
  return results.map(({ system, model, n, seed, ms, tau, targetError }) => ({
    system,
    model,
    n,
    seed,
    ms,
    tau,
    targetError,
  }));
}

export interface AccuracySettings {
  readonly voters: number;
  /** Checkpoint every this many votes per photo. */
  readonly step: number;
  readonly overrides: Partial<RatingParams>;
}

export function accuracy(settings: AccuracySettings, job: AccuracyJob): AccuracyResult {
  const world = makeWorld({
    seed: job.seed,
    photos: job.n,
    voters: settings.voters,
    model: job.model,
    boostedShare: 0,
    votes: Math.round(job.max * job.n),
  });
  const system = makeSystem(job.system, world, job.seed, settings.overrides);
  const rng = outcomeRng(job.seed);
  const every = Math.max(1, Math.round(settings.step * job.n));
  const target = targetPhoto(world.theta);
  const truePct = rankPercentiles(world.theta);
  const result: AccuracyResult = {
    kind: 'accuracy',
    system: job.system,
    model: job.model,
    n: job.n,
    seed: job.seed,
    ms: [],
    tau: [],
    top10: [],
    targetError: [],
    engine: null,
  };
  for (let t = 0; t < world.stream.length; t++) {
    const v = world.stream[t] as number;
    const shown = system.choose(v);
    if (shown !== null) {
      const side = decide(world.population, world.theta, v, shown.left, shown.right, rng);
      system.take(v, shown, side);
    }
    if ((t + 1) % every !== 0) continue;
    const scores = system.scores();
    result.ms.push((t + 1) / job.n);
    result.tau.push(kendallTau(world.theta, scores));
    result.top10.push(topKPrecision(world.theta, scores, 10));
    const shownPct = rankPercentiles(scores)[target] as number;
    result.targetError.push(shownPct - (truePct[target] as number));
  }
  return system instanceof EnginePeer ? { ...result, engine: engineStats(system, job) } : result;
}

function engineStats(engine: EnginePeer, job: AccuracyJob): EngineStats {
  const { sim } = engine;
  return {
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
