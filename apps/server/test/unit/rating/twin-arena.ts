/**
 * A simulated category for the boost delivery test: the real pairing (pickPair over a
 * CategoryIndex, with the arena's per-voter boost cap and the request time), the online update per
 * vote with the voter's weight, boosts settled as the vote service settles them, and the product's
 * refit (fitWithInfluence) every `refitEvery` votes, as bench/ranking drives the engine.
 *
 * Photos: `photos` with true strengths θ ~ N(0, 1.5²), of which the last `twins` × `group` arrive
 * after a warm-up in groups of equal θ; the first of each group is boosted with `bought` exposures
 * on upload, the others are its unboosted twins (several twins make the rank comparison finer).
 * Voters are honest (Bradley-Terry on θ). The delivery window is `params.boostDeliveryMs`, over which
 * the category serves `votesPerPhoto` × photos / 2 pairs evenly.
 */
import {
  CategoryIndex,
  EMPTY_VOTER_ACTIVITY,
  goldOutcome,
  onlineVoteWeight,
  pickPair,
  priorVoterWeight,
  recordVote,
  seededRng,
  type RatingParams,
  type VoterActivity,
} from '../../../src/domain/rating/index.js';
import { fitWithInfluence } from '../../../src/workers/refit-job.js';
import { gaussian } from './helpers.js';

export interface TwinArenaOptions {
  seed: number;
  photos: number;
  twins: number;
  /** Photos per group of equal strength: one boosted and `group` − 1 twins. */
  group: number;
  voters: number;
  /** Votes per photo before the twins arrive, and within the delivery window after. */
  warmUpPerPhoto: number;
  votesPerPhoto: number;
  bought: number;
  refitEvery: number;
  params: RatingParams;
}

export interface TwinOutcome {
  /** Appearances within the delivery window of each boosted photo and of its twins (mean). */
  boosted: number[];
  twin: number[];
  /** Exposures each boosted photo still owes at the window's end. */
  owed: number[];
  /** Rank percentile (0-100, by the last refit's μ) of each boosted photo and of its twins (mean). */
  boostedPercentile: number[];
  twinPercentile: number[];
}

/** The arena's per-voter cap: no boosted pair within a voter's last five (arena.service.ts). */
const RECENT_PAIRS = 5;

export function runTwinArena(options: TwinArenaOptions): TwinOutcome {
  const { photos: n, twins, group, voters, params } = options;
  const rng = seededRng(options.seed * 7919 + 5);
  const theta = Array.from({ length: n }, () => 1.5 * gaussian(rng));
  const firstTwin = n - group * twins;
  for (let i = firstTwin; i < n; i++) {
    theta[i] = theta[i - ((i - firstTwin) % group)] as number;
  }
  const ids = theta.map((_, i) => `p${i}`);
  const position = new Map(ids.map((id, i) => [id, i]));
  const index = new CategoryIndex(params);
  const pairRng = seededRng(options.seed * 31 + 1);
  const voteRng = seededRng(options.seed * 31 + 2);
  const judged = Array.from({ length: voters }, () => new Set<string>());
  const recentOwners: string[][] = Array.from({ length: voters }, () => []);
  const recentKinds: string[][] = Array.from({ length: voters }, () => []);
  const activity: VoterActivity[] = Array.from({ length: voters }, () => EMPTY_VOTER_ACTIVITY);
  let voterWeight: Float64Array = new Float64Array(voters).fill(Number.NaN);
  let mu: Float64Array = new Float64Array(n);
  const votes = { winner: [] as number[], loser: [] as number[], voter: [] as number[] };
  const appearances = new Int32Array(n);
  let now = 0;

  const add = (i: number, bought: number) => {
    index.upsert({
      id: ids[i] as string,
      ownerId: `o${i}`,
      mu: params.priorMean,
      sigma2: params.priorVariance,
      comparisons: 0,
      boostRemaining: bought,
      boostBought: bought,
      boostStartedAt: bought > 0 ? now : null,
      boostServed: 0,
    });
  };
  const refit = () => {
    const fit = fitWithInfluence({
      photoIds: Float64Array.from(ids, (_, i) => i),
      mu,
      votes: {
        winner: Int32Array.from(votes.winner),
        loser: Int32Array.from(votes.loser),
        voter: Int32Array.from(votes.voter),
        voterCount: voters,
      },
      voteNet: Int32Array.from(votes.voter, (v) => -1 - v),
      voterWeight,
      gold: activity.map((a, v) => ({ voter: v, passed: a.goldPassed, failed: a.goldFailed })),
      params,
    });
    mu = fit.mu;
    voterWeight = fit.result.voters.weight;
    ids.forEach((id, i) => {
      if (index.has(id)) index.update(id, { mu: fit.mu[i], sigma2: fit.sigma2[i] });
    });
  };
  const vote = () => {
    const v = Math.floor(voteRng() * voters);
    const seen = judged[v] as Set<string>;
    const kinds = recentKinds[v] as string[];
    const { pair } = pickPair(
      index,
      {
        userId: `u${v}`,
        hasJudged: (a, b) => seen.has(a < b ? `${a}|${b}` : `${b}|${a}`),
        recentOwners: recentOwners[v],
        allowBoost: !kinds.includes('boost'),
        now,
      },
      pairRng,
      params,
    );
    if (pair === null) return;
    const left = position.get(pair.left.id) as number;
    const right = position.get(pair.right.id) as number;
    appearances[left] = (appearances[left] as number) + 1;
    appearances[right] = (appearances[right] as number) + 1;
    const leftWins =
      voteRng() < 1 / (1 + Math.exp((theta[right] as number) - (theta[left] as number)));
    const [winner, loser] = leftWins ? [left, right] : [right, left];
    seen.add(
      pair.left.id < pair.right.id
        ? `${pair.left.id}|${pair.right.id}`
        : `${pair.right.id}|${pair.left.id}`,
    );
    const owners = recentOwners[v] as string[];
    owners.push(pair.left.ownerId, pair.right.ownerId);
    if (owners.length > 4) owners.splice(0, owners.length - 4);
    kinds.push(pair.kind);
    if (kinds.length > RECENT_PAIRS) kinds.shift();
    const gold =
      pair.goldExpectedWinnerId === null
        ? null
        : goldOutcome(pair.goldExpectedWinnerId, ids[winner] as string);
    activity[v] = recordVote(
      activity[v] as VoterActivity,
      { side: leftWins ? 'left' : 'right', dwellMs: 2500, gold },
      params,
    );
    const refitWeight = Number.isNaN(voterWeight[v])
      ? priorVoterWeight(params)
      : (voterWeight[v] as number);
    index.applyVote(
      ids[winner] as string,
      ids[loser] as string,
      onlineVoteWeight(activity[v], refitWeight, params),
    );
    // The vote names the boosted photo, as the web client does: the exposure is settled.
    if (pair.boostedPhotoId !== null) index.consumeBoost(pair.boostedPhotoId);
    votes.winner.push(winner);
    votes.loser.push(loser);
    votes.voter.push(v);
    if (votes.winner.length % options.refitEvery === 0) refit();
  };

  const pairsInWindow = Math.round((options.votesPerPhoto * n) / 2);
  const step = params.boostDeliveryMs / pairsInWindow;
  for (let i = 0; i < firstTwin; i++) add(i, 0);
  for (let t = Math.round((options.warmUpPerPhoto * n) / 2); t > 0; t--) vote();
  for (let i = firstTwin; i < n; i++) add(i, (i - firstTwin) % group === 0 ? options.bought : 0);
  appearances.fill(0);
  for (let t = 0; t < pairsInWindow; t++) {
    now += step;
    vote();
  }
  refit();
  const percentile = (i: number) =>
    (100 * mu.reduce((below, m) => below + (m < (mu[i] as number) ? 1 : 0), 0)) / (n - 1);
  const boosted = Array.from({ length: twins }, (_, k) => firstTwin + group * k);
  const ofTwins = (i: number, value: (j: number) => number) => {
    let sum = 0;
    for (let j = i + 1; j < i + group; j++) sum += value(j);
    return sum / (group - 1);
  };
  return {
    boosted: boosted.map((i) => appearances[i] as number),
    twin: boosted.map((i) => ofTwins(i, (j) => appearances[j] as number)),
    owed: boosted.map((i) => index.get(ids[i] as string)?.boostRemaining ?? 0),
    boostedPercentile: boosted.map(percentile),
    twinPercentile: boosted.map((i) => ofTwins(i, percentile)),
  };
}
