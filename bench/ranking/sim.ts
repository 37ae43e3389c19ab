/**
 * The simulated arena of the ranking benchmark: photos with known true strengths, a pool of
 * voters (honest ones vote by Bradley-Terry with the true strengths; bad ones are random,
 * always-left or inverted), and three rating engines driven by the same photos and voter stream:
 *
 *  - EngineSim: the real engine code, used as the server uses it: pickPair over a CategoryIndex,
 *    updateOnline per vote (CategoryIndex.applyVote) with the voter's weight (0 when the online
 *    heuristics find the voter suspicious, else the weight of the last refit), gold-pair tallies,
 *    and refitCategory over all votes every refit period, whose μ and σ² go back into the index.
 *  - Elo K=32 from 1500 on uniformly random pairs, and Elo K=32 where the opponent of a
 *    uniformly drawn photo is one of the 8 closest by rating it has not met yet (elo-sim.ts).
 *
 * Nothing in the engine knows about the simulation.
 */
import { fitWithInfluence } from '../../apps/server/src/workers/refit-job.js';
import {
  CategoryIndex,
  DEFAULT_RATING_PARAMS,
  EMPTY_VOTER_ACTIVITY,
  assessVoter,
  goldOutcome,
  onlineVoteWeight,
  pickPair,
  priorVoterWeight,
  recordVote,
  seededRng,
  type PairKind,
  type PairingVoter,
  type RatingParams,
  type RefitResult,
  type Rng,
  type VoterActivity,
} from '../../apps/server/src/domain/rating/index.js';

export type VoterKind = 'honest' | 'random' | 'left' | 'inverted';

/** θ ~ Normal(0, THETA_SD²): the true strengths of every simulated category. */
export const THETA_SD = 1.5;

export interface WorldOptions {
  readonly seed: number;
  readonly photos: number;
  readonly voters: number;
  /** Share of bad voters, split equally between random, always-left and inverted. */
  readonly badShare: number;
  /** Share of photos that are boosted (boostRemaining never runs out). */
  readonly boostedShare: number;
  /** Length of the vote stream. */
  readonly votes: number;
}

export interface World {
  readonly options: WorldOptions;
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  readonly theta: Float64Array;
  readonly ownerOf: readonly string[];
  readonly boosted: Uint8Array;
  readonly voterKind: readonly VoterKind[];
  /** The signed-in user id of each voter (voters also upload: they own some of the photos). */
  readonly voterUser: readonly string[];
  /** Which voter casts the t-th vote; the same stream for every engine. */
  readonly stream: Int32Array;
}

export function gaussian(rng: Rng): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

export function makeWorld(options: WorldOptions): World {
  const rng = seededRng(options.seed * 7919 + 17);
  const n = options.photos;
  const ids = Array.from({ length: n }, (_, i) => `p${i}`);
  const theta = Float64Array.from({ length: n }, () => THETA_SD * gaussian(rng));
  const owners = Math.max(options.voters, Math.ceil(n / 2));
  const ownerOf = ids.map(() => `u${Math.floor(rng() * owners)}`);
  const boosted = new Uint8Array(n);
  const boostCount = Math.round(options.boostedShare * n);
  for (const i of shuffle([...Array(n).keys()], rng).slice(0, boostCount)) boosted[i] = 1;
  const bad = Math.round(options.badShare * options.voters);
  const badKinds: readonly VoterKind[] = ['random', 'left', 'inverted'];
  const kinds: VoterKind[] = Array.from({ length: options.voters }, (_, v) =>
    v < bad ? (badKinds[v % 3] as VoterKind) : 'honest',
  );
  const voterKind = shuffle(kinds, rng);
  const voterUser = Array.from({ length: options.voters }, (_, v) => `u${v}`);
  const stream = new Int32Array(options.votes);
  for (let t = 0; t < options.votes; t++) stream[t] = Math.floor(rng() * options.voters);
  return {
    options,
    ids,
    indexOf: new Map(ids.map((id, i) => [id, i])),
    theta,
    ownerOf,
    boosted,
    voterKind,
    voterUser,
    stream,
  };
}

/** The side a voter of this kind taps for the pair (left, right). */
export function behave(kind: VoterKind, thetaLeft: number, thetaRight: number, rng: Rng) {
  const u = rng();
  switch (kind) {
    case 'honest':
      return u < 1 / (1 + Math.exp(thetaRight - thetaLeft)) ? 'left' : 'right';
    case 'inverted':
      return u < 1 / (1 + Math.exp(thetaLeft - thetaRight)) ? 'left' : 'right';
    case 'left':
      return 'left';
    case 'random':
      return u < 0.5 ? 'left' : 'right';
  }
}

/** The real engine, driven as the server drives it. */
export class EngineSim {
  readonly index: CategoryIndex;
  readonly params: RatingParams;
  private readonly pairRng: Rng;
  private readonly outcomeRng: Rng;
  private readonly judged: Set<number>[];
  private readonly recent: string[][];
  private readonly activity: VoterActivity[];
  private refitWeight: Float64Array;
  winner: Int32Array;
  loser: Int32Array;
  voter: Int32Array;
  count = 0;
  served = 0;
  unserved = 0;
  readonly kinds: Record<PairKind, number> = {
    info: 0,
    random: 0,
    gold: 0,
    placement: 0,
    boost: 0,
    invited: 0,
  };
  /** Appearances of each photo in served pairs. */
  readonly exposure: Int32Array;
  last: RefitResult<string, number> | null = null;
  refits = 0;
  refitMillis = 0;

  constructor(
    readonly world: World,
    params: RatingParams = DEFAULT_RATING_PARAMS,
    seed = world.options.seed,
  ) {
    this.params = params;
    const n = world.ids.length;
    this.index = new CategoryIndex(
      params,
      world.ids.map((id, i) => ({
        id,
        ownerId: world.ownerOf[i] as string,
        mu: params.priorMean,
        sigma2: params.priorVariance,
        comparisons: 0,
        boostRemaining: world.boosted[i] === 1 ? Number.MAX_SAFE_INTEGER : 0,
      })),
    );
    this.pairRng = seededRng(seed * 31 + 1);
    this.outcomeRng = seededRng(seed * 31 + 2);
    const voters = world.voterKind.length;
    this.judged = Array.from({ length: voters }, () => new Set<number>());
    this.recent = Array.from({ length: voters }, () => []);
    this.activity = Array.from({ length: voters }, () => EMPTY_VOTER_ACTIVITY);
    this.refitWeight = new Float64Array(voters).fill(priorVoterWeight(params));
    const capacity = Math.max(16, world.stream.length);
    this.winner = new Int32Array(capacity);
    this.loser = new Int32Array(capacity);
    this.voter = new Int32Array(capacity);
    this.exposure = new Int32Array(n);
  }

  private grow(): void {
    const grow = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.winner = grow(this.winner);
    this.loser = grow(this.loser);
    this.voter = grow(this.voter);
  }

  /**
   * One vote by voter `v`, on a pair picked from `index` (default: the whole category; the
   * jitter experiment passes a sub-index). Returns false when no pair could be served.
   */
  step(v: number, index: CategoryIndex = this.index): boolean {
    const { world } = this;
    const n = world.ids.length;
    const judged = this.judged[v] as Set<number>;
    const indexOf = world.indexOf;
    const pairingVoter: PairingVoter = {
      userId: world.voterUser[v],
      hasJudged: (a, b) => {
        const i = indexOf.get(a) as number;
        const j = indexOf.get(b) as number;
        return judged.has(i < j ? i * n + j : j * n + i);
      },
      recentOwners: this.recent[v],
    };
    const result = pickPair(index, pairingVoter, this.pairRng, this.params);
    if (result.pair === null) {
      this.unserved++;
      return false;
    }
    const { left, right, kind, boostedPhotoId, goldExpectedWinnerId } = result.pair;
    this.served++;
    this.kinds[kind]++;
    const li = indexOf.get(left.id) as number;
    const ri = indexOf.get(right.id) as number;
    this.exposure[li] = (this.exposure[li] as number) + 1;
    this.exposure[ri] = (this.exposure[ri] as number) + 1;
    const side = behave(
      world.voterKind[v] as VoterKind,
      world.theta[li] as number,
      world.theta[ri] as number,
      this.outcomeRng,
    );
    const [wi, lo] = side === 'left' ? [li, ri] : [ri, li];
    judged.add(li < ri ? li * n + ri : ri * n + li);
    const recent = this.recent[v] as string[];
    recent.push(left.ownerId, right.ownerId);
    if (recent.length > 4) recent.splice(0, recent.length - 4);
    const gold =
      goldExpectedWinnerId === null
        ? null
        : goldOutcome(goldExpectedWinnerId, world.ids[wi] as string);
    const activity = recordVote(this.activity[v] as VoterActivity, { side, dwellMs: 2500, gold });
    this.activity[v] = activity;
    const weight = onlineVoteWeight(activity, this.refitWeight[v] as number, this.params);
    const winnerId = world.ids[wi] as string;
    const loserId = world.ids[lo] as string;
    this.index.applyVote(winnerId, loserId, weight);
    if (index !== this.index) index.applyVote(winnerId, loserId, weight);
    if (boostedPhotoId !== null) this.index.consumeBoost(boostedPhotoId);
    if (this.count === this.winner.length) this.grow();
    this.winner[this.count] = wi;
    this.loser[this.count] = lo;
    this.voter[this.count] = v;
    this.count++;
    return true;
  }

  /** The periodic refit over all votes so far; installs μ and σ² in the index. */
  refit(extraIndex?: CategoryIndex): RefitResult<string, number> {
    const { world } = this;
    const voters = world.voterKind.length;
    const suspicious = this.activity.map((a) => assessVoter(a, this.params).suspicious);
    const weight = new Float64Array(this.count);
    for (let e = 0; e < this.count; e++) weight[e] = suspicious[this.voter[e] as number] ? 0 : 1;
    const goldResults = this.activity.map((a, v) => ({
      voter: v,
      passed: a.goldPassed,
      failed: a.goldFailed,
    }));
    const started = performance.now();
    // The product's refit (ADR 0024): every simulated voter is their own neighbourhood.
    const voter = this.voter.subarray(0, this.count);
    const fit = fitWithInfluence({
      photoIds: Float64Array.from(world.ids, (_, i) => i),
      mu: this.last === null ? new Float64Array(world.ids.length) : this.last.mu,
      votes: {
        winner: this.winner.subarray(0, this.count),
        loser: this.loser.subarray(0, this.count),
        voter,
        weight,
        voterCount: voters,
      },
      voteNet: Int32Array.from(voter, (v) => -1 - v),
      voterWeight:
        this.last === null ? new Float64Array(voters).fill(Number.NaN) : this.last.voters.weight,
      gold: goldResults,
      params: this.params,
    });
    const result: RefitResult<string, number> = {
      ...fit.result,
      photoIds: world.ids,
      mu: fit.mu,
      sigma2: fit.sigma2,
    };
    this.refitMillis += performance.now() - started;
    this.refits++;
    this.last = result;
    this.refitWeight = result.voters.weight;
    this.index.applyRefit(world.ids, result.mu, result.sigma2);
    if (extraIndex !== undefined) {
      for (let i = 0; i < world.ids.length; i++) {
        const id = world.ids[i] as string;
        if (extraIndex.has(id)) {
          extraIndex.update(id, { mu: result.mu[i], sigma2: result.sigma2[i] });
        }
      }
    }
    return result;
  }

  /** Mean refit weight of each voter kind (for the report). */
  weightsByKind(): Record<VoterKind, number> {
    const sums: Record<VoterKind, [number, number]> = {
      honest: [0, 0],
      random: [0, 0],
      left: [0, 0],
      inverted: [0, 0],
    };
    this.world.voterKind.forEach((kind, v) => {
      const w = assessVoter(this.activity[v] as VoterActivity, this.params).suspicious
        ? 0
        : (this.refitWeight[v] as number);
      sums[kind][0] += w;
      sums[kind][1] += 1;
    });
    const mean = (k: VoterKind) => (sums[k][1] === 0 ? NaN : sums[k][0] / sums[k][1]);
    return {
      honest: mean('honest'),
      random: mean('random'),
      left: mean('left'),
      inverted: mean('inverted'),
    };
  }
}
