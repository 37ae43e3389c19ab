/**
 * The simulated arena of the ranking benchmark: photos with known true strengths, a population
 * of voters (voters.ts), and the real engine driven by them:
 *
 *  - EngineSim: the real engine code, used as the server uses it: pickPair over a CategoryIndex,
 *    updateOnline per vote (CategoryIndex.applyVote) with the voter's weight (0 when the online
 *    heuristics find the voter suspicious, else the weight of the last refit), gold-pair tallies,
 *    and refitCategory over all votes every refit period, whose μ and σ² go back into the index.
 *
 * The peers it is compared with live in peers/. Nothing in the engine knows about the simulation.
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
  type ChosenPair,
  type PairKind,
  type PairingVoter,
  type RatingParams,
  type RefitResult,
  type Rng,
  type VoterActivity,
} from '../../apps/server/src/domain/rating/index.js';
import {
  decide,
  gaussian,
  makePopulation,
  makeStream,
  modelSpec,
  outcomeRng,
  shuffle,
  type Population,
  type VoterKind,
  type VoterModel,
} from './voters.js';

export { gaussian };
export type { VoterKind };

/** θ ~ Normal(0, THETA_SD²): the true strengths of every simulated category. */
export const THETA_SD = 1.5;

export interface WorldOptions {
  readonly seed: number;
  readonly photos: number;
  readonly voters: number;
  /** Who the voters are (clean, 25% bad, the harder models). */
  readonly model: VoterModel;
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
  readonly population: Population;
  /** The signed-in user id of each voter (voters also upload: they own some of the photos). */
  readonly voterUser: readonly string[];
  /** Which voter casts the t-th vote; the same stream for every engine. */
  readonly stream: Int32Array;
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
  const spec = modelSpec(options.model);
  const population = makePopulation(spec, theta, options.voters, rng);
  const voterUser = Array.from({ length: options.voters }, (_, v) => `u${v}`);
  const stream = makeStream(spec, options.voters, options.votes, rng);
  return {
    options,
    ids,
    indexOf: new Map(ids.map((id, i) => [id, i])),
    theta,
    ownerOf,
    boosted,
    voterKind: population.voterKind,
    population,
    voterUser,
    stream,
  };
}

/** A pair served by the engine: photo indices (left = top) and pickPair's own description. */
export interface EngineChoice {
  readonly left: number;
  readonly right: number;
  readonly pair: ChosenPair;
}

/**
 * What the engine is told of its voters that no real system knows (bench ceilings, peers/index.ts
 * CEILINGS): nothing; which are not honest (their votes never reach it); or that too, with each
 * inverted voter's vote read the other way round.
 */
export type Oracle = 'none' | 'filtered' | 'flipped';

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
    private readonly oracle: Oracle = 'none',
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
    this.outcomeRng = outcomeRng(seed);
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
    const chosen = this.choose(v, index);
    if (chosen === null) return false;
    const side = decide(
      this.world.population,
      this.world.theta,
      v,
      chosen.left,
      chosen.right,
      this.outcomeRng,
    );
    this.take(v, chosen, side, index);
    return true;
  }

  /** The pair the server would show voter `v` (left = top), or null when none can be served. */
  choose(v: number, index: CategoryIndex = this.index): EngineChoice | null {
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
      return null;
    }
    const pair = result.pair;
    this.served++;
    this.kinds[pair.kind]++;
    const left = indexOf.get(pair.left.id) as number;
    const right = indexOf.get(pair.right.id) as number;
    this.exposure[left] = (this.exposure[left] as number) + 1;
    this.exposure[right] = (this.exposure[right] as number) + 1;
    return { left, right, pair };
  }

  /** Records voter `v`'s tap on a pair from `choose`, as the vote route would. */
  take(
    v: number,
    chosen: EngineChoice,
    side: 'left' | 'right',
    index: CategoryIndex = this.index,
  ): void {
    const { world } = this;
    const n = world.ids.length;
    const { left: li, right: ri } = chosen;
    const { left, right, boostedPhotoId, goldExpectedWinnerId } = chosen.pair;
    const kind = world.voterKind[v];
    if (this.oracle !== 'none' && kind !== 'honest') {
      if (this.oracle === 'filtered' || kind !== 'inverted') return;
      side = side === 'left' ? 'right' : 'left';
    }
    const [wi, lo] = side === 'left' ? [li, ri] : [ri, li];
    (this.judged[v] as Set<number>).add(li < ri ? li * n + ri : ri * n + li);
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
      brigade: [0, 0],
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
      brigade: mean('brigade'),
    };
  }
}
