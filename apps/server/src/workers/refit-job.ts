/**
 * The CPU-heavy part of a category's batch refit (DESIGN §5, ADR 0017), as one pure function over
 * typed arrays so it can run on a worker thread: the MAP fit, the reference set, every photo's
 * display score and provisional state, and the ranks of today's score history. The server reads
 * the inputs and writes the outputs; nothing here touches the database.
 */
import { boardStanding, currentPeriod, type Period } from '../domain/leaderboard/index.js';
import {
  chooseReferenceSet,
  dampedFactors,
  earnedTrust,
  evidenceVariance,
  groupSlots,
  isProvisional,
  refitCategory,
  restoredFactors,
  scoreOf,
  voteFactors,
  type GoldTally,
  type RatingParams,
  type VoteArrays,
} from '../domain/rating/index.js';
import { positionOf } from './sorted-ids.js';

export interface RefitJob {
  /** Every photo of the category that votes may name, in ascending id order. */
  photoIds: Float64Array;
  /** 1 for an active photo (scored on the boards, eligible for the reference set). */
  active: Uint8Array;
  publishedAt: Float64Array;
  /**
   * The photos' comparison counts: a provisional photo with enough of them is on the boards
   * (ranked by its range's low end) and its rank is recorded. Absent: provisional photos are
   * left off the recorded ranks.
   */
  comparisons?: Int32Array;
  /**
   * `winner`/`loser` are positions in `photoIds`, `voter` dense voter positions (`voterCount` of
   * them, in order of each voter's first vote).
   */
  votes: VoteArrays & { readonly voterCount: number };
  /**
   * Per vote, the network neighbourhood it came from (a 32-bit hash), or −1 − voter position when
   * unknown (old and demo votes: the voter is its own neighbourhood).
   */
  voteNet: Int32Array;
  gold: GoldTally<number>[];
  /**
   * The category's reference set before this refit (photo ids). With the votes, the photos and
   * the gold tallies, the only input: nothing of an earlier refit's μ or voter weights is read,
   * so the same votes give the same result whatever was refitted before (issue 18).
   */
  references: number[];
  params: RatingParams;
  now: number;
  timeZone: string;
}

export interface RefitOutcome {
  /** Per photo, aligned with the job's `photoIds`. */
  mu: Float64Array;
  sigma2: Float64Array;
  /** The Laplace precision of the fit at μ (prior included): the incremental refit's start. */
  precision: Float64Array;
  score: Int32Array;
  provisional: Uint8Array;
  /** Places on the running all-time, week and month boards; 0 when not on that board. */
  rankAll: Int32Array;
  rankWeek: Int32Array;
  rankMonth: Int32Array;
  referenceIds: number[];
  referenceMus: number[];
  /** Per voter, aligned with the job's voter positions. */
  voterWeight: Float64Array;
  voterReliability: Float64Array;
  /** Per voter, the trust earned in this category (ADR 0024). */
  voterTrust: Float64Array;
  converged: boolean;
}

/** The buffers of an outcome, handed over to the receiving thread instead of copied. */
export function outcomeBuffers(outcome: RefitOutcome): ArrayBuffer[] {
  return [
    outcome.mu,
    outcome.sigma2,
    outcome.precision,
    outcome.score,
    outcome.provisional,
    outcome.rankAll,
    outcome.rankWeek,
    outcome.rankMonth,
    outcome.voterWeight,
    outcome.voterReliability,
    outcome.voterTrust,
  ].map((array) => array.buffer as ArrayBuffer);
}

/**
 * What the fit reads of a job. `mu` and `voterWeight`, the previous refit's state that the fit
 * started from before issue 18, are accepted and ignored (bench/ranking/sim.ts still passes
 * them): every fit starts from the prior, so its result is a function of the votes alone.
 */
export type FitInput = Pick<RefitJob, 'photoIds' | 'votes' | 'voteNet' | 'gold' | 'params'> &
  Partial<Record<'mu' | 'voterWeight', Float64Array>>;

/**
 * The MAP fit with sybil resistance (ADR 0024): a baseline fit in which every neighbourhood and
 * every voter is one voice per photo, then the final fit in which the groups that agree with that
 * baseline get their weight back and every vote is weighed by its voter's earned trust.
 *
 * The baseline starts from the prior (θ at the prior mean, every voter at the prior's weight) and
 * the final fit from where the baseline ended, each iterating the voter weights to their fixed
 * point: the result is a deterministic function of the votes (in their id order), the gold
 * tallies and the parameters, bit for bit, whatever refits ran before (issue 18).
 */
export function fitWithInfluence(job: FitInput) {
  const { params, votes } = job;
  const n = job.photoIds.length;
  const count = votes.winner.length;
  const usable = new Uint8Array(count);
  for (let e = 0; e < count; e++) {
    const a = votes.winner[e] as number;
    const b = votes.loser[e] as number;
    const w = votes.weight === undefined ? 1 : (votes.weight[e] as number);
    if (a >= 0 && a < n && b >= 0 && b < n && a !== b && w > 0) usable[e] = 1;
  }
  const groupings = [job.voteNet, votes.voter].map((group) =>
    groupSlots(votes.winner, votes.loser, group, usable, n, params),
  );
  const weighed = (factor: Float64Array) => {
    const weight = new Float64Array(count);
    for (let e = 0; e < count; e++) {
      const base = votes.weight === undefined ? 1 : Math.min(1, votes.weight[e] as number);
      weight[e] = usable[e] === 1 ? base * (factor[e] as number) : 0;
    }
    return weight;
  };
  const photoIds = Array.from(job.photoIds);
  // The groups' votes are damped in the baseline's θ only: every vote still counts fully as
  // evidence of its voter's reliability, so the weights the baseline settles on (from the prior,
  // issue 18) tell bad voters apart as well as the final fit's do.
  const baseline = refitCategory<number>({
    photoIds,
    votes: { ...votes, weight: weighed(new Float64Array(count).fill(1)) },
    voteScale: voteFactors(
      count,
      groupings.map((slots) => ({ slots, factors: dampedFactors(slots, params) })),
    ),
    goldResults: job.gold,
    params,
  });
  const voterCount = votes.voterCount;
  const trust = earnedTrust(
    votes.winner,
    votes.loser,
    votes.voter,
    usable,
    baseline.mu,
    voterCount,
    job.gold,
    params,
  );
  const factor = voteFactors(
    count,
    groupings.map((slots) => ({
      slots,
      factors: restoredFactors(slots, votes.winner, votes.loser, usable, baseline.mu, params),
    })),
  );
  const weight = weighed(factor);
  const result = refitCategory<number>({
    photoIds,
    votes: { ...votes, weight },
    voterScale: trust,
    warmStart: { mu: baseline.mu, voterWeight: baseline.voters.weight },
    goldResults: job.gold,
    params,
  });
  const sigma2 = evidenceVariance(
    votes.winner,
    votes.loser,
    votes.voter,
    weight,
    result.voters.weight,
    result.mu,
    params.priorVariance,
  );
  return { mu: result.mu, sigma2, result, trust, weight };
}

export function computeRefit(job: RefitJob): RefitOutcome {
  const { params, photoIds, active } = job;
  const count = photoIds.length;
  const { mu, sigma2, result, trust } = fitWithInfluence(job);

  const candidates = [];
  for (let index = 0; index < count; index++) {
    if (active[index] !== 1) continue;
    candidates.push({
      id: String(photoIds[index]),
      mu: mu[index] as number,
      sigma2: sigma2[index] as number,
    });
  }
  // In id order, whatever order the set was stored or chosen in: the win rate against it is a sum
  // over its members, and a sum in another order may differ in its last bit (issue 18).
  const previous = [...job.references].sort((a, b) => a - b).map(String);
  const referenceIds = chooseReferenceSet(candidates, previous, params)
    .map(Number)
    .sort((a, b) => a - b);
  const referenceMus = referenceIds.flatMap((id) => {
    const at = positionOf(photoIds, id);
    return at < 0 ? [] : [mu[at] as number];
  });

  const score = new Int32Array(count);
  const provisional = new Uint8Array(count);
  for (let index = 0; index < count; index++) {
    score[index] = scoreOf(mu[index] as number, referenceMus, params);
    provisional[index] = isProvisional(sigma2[index] as number, params) ? 1 : 0;
  }
  // The boards rank the photos they list by their standing (domain/leaderboard/standing.ts):
  // the recorded ranks are the ranks the boards show, provisional photos included.
  const key = new Int32Array(count);
  const listed = new Uint8Array(count);
  for (let index = 0; index < count; index++) {
    if (active[index] !== 1) continue;
    const comparisons = job.comparisons?.[index];
    if (provisional[index] === 1 && comparisons === undefined) continue;
    const standing = boardStanding(
      {
        state: 'active',
        provisional: provisional[index] as number,
        comparisons: comparisons ?? 0,
        current_score: score[index] as number,
        mu: mu[index] as number,
        sigma2: sigma2[index] as number,
      },
      referenceMus,
    );
    if (standing === null) continue;
    key[index] = standing.key;
    listed[index] = 1;
  }
  const ranked = (period: Period | null) =>
    rankByScore(key, (index) => {
      if (listed[index] !== 1) return false;
      if (period === null) return true;
      const published = job.publishedAt[index] as number;
      return published >= (period.startsAt ?? 0) && published < (period.endsAt ?? 0);
    });
  const precision = Float64Array.from(
    result.information,
    (information) => 1 / params.priorVariance + information,
  );
  return {
    mu,
    sigma2,
    precision,
    score,
    provisional,
    rankAll: ranked(null),
    rankWeek: ranked(currentPeriod('week', job.now, job.timeZone)),
    rankMonth: ranked(currentPeriod('month', job.now, job.timeZone)),
    referenceIds,
    referenceMus,
    voterWeight: result.voters.weight,
    voterReliability: result.voters.reliability,
    voterTrust: trust,
    converged: result.convergence.converged,
  };
}

/**
 * Competition ranks (1, 2, 2, 4) by score, highest first, of the photos `included` picks: a
 * photo's rank is one more than the number of included photos scoring higher, as rankInOrder
 * gives (ties share a place whatever their ids). Scores are integers in 100..1000, so a count per
 * score does it in linear time. 0 for a photo not included.
 */
function rankByScore(score: Int32Array, included: (index: number) => boolean): Int32Array {
  let top = 0;
  for (const value of score) top = Math.max(top, value);
  const higher = new Int32Array(top + 2);
  const ranks = new Int32Array(score.length);
  for (let index = 0; index < score.length; index++) {
    if (!included(index)) continue;
    ranks[index] = 1;
    const value = score[index] as number;
    higher[value] = (higher[value] as number) + 1;
  }
  // higher[s] becomes the number of included photos scoring above s.
  let above = 0;
  for (let value = top + 1; value >= 0; value--) {
    const here = higher[value] as number;
    higher[value] = above;
    above += here;
  }
  for (let index = 0; index < score.length; index++) {
    if (ranks[index] === 1) ranks[index] = (higher[score[index] as number] as number) + 1;
  }
  return ranks;
}
