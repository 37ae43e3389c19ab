/**
 * Online voter-quality heuristics (DESIGN §5): pure checks the server applies as votes come in.
 * A suspicious voter's votes are kept but weigh nothing (and earn nothing); the batch refit
 * estimates reliability more finely from agreement with the model and gold pairs (refit.ts).
 */
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';

/** Running counts for one voter (per category or overall, as the server prefers). */
export interface VoterActivity {
  readonly votes: number;
  readonly leftVotes: number;
  readonly rightVotes: number;
  /** Votes given faster than `minDwellMs` after the pair was shown. */
  readonly fastVotes: number;
  readonly goldPassed: number;
  readonly goldFailed: number;
}

export const EMPTY_VOTER_ACTIVITY: VoterActivity = Object.freeze({
  votes: 0,
  leftVotes: 0,
  rightVotes: 0,
  fastVotes: 0,
  goldPassed: 0,
  goldFailed: 0,
});

export interface ObservedVote {
  /** The side the voter tapped. */
  readonly side: 'left' | 'right';
  /** Milliseconds between showing the pair and the vote. */
  readonly dwellMs: number;
  /** For a gold pair: whether the voter picked the expected winner. */
  readonly gold?: 'passed' | 'failed' | null;
}

export type SuspicionReason = 'too_fast' | 'same_side' | 'gold_failures';

export interface VoterAssessment {
  readonly suspicious: boolean;
  readonly reasons: readonly SuspicionReason[];
}

/** Whether one vote came inhumanly fast. */
export function isTooFast(dwellMs: number, params: RatingParams = DEFAULT_RATING_PARAMS): boolean {
  return !(dwellMs >= params.minDwellMs);
}

/** The gold result of a vote on a gold pair. */
export function goldOutcome(expectedWinnerId: string, winnerId: string): 'passed' | 'failed' {
  return expectedWinnerId === winnerId ? 'passed' : 'failed';
}

/** The activity after one more vote. */
export function recordVote(
  activity: VoterActivity,
  vote: ObservedVote,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): VoterActivity {
  return {
    votes: activity.votes + 1,
    leftVotes: activity.leftVotes + (vote.side === 'left' ? 1 : 0),
    rightVotes: activity.rightVotes + (vote.side === 'right' ? 1 : 0),
    fastVotes: activity.fastVotes + (isTooFast(vote.dwellMs, params) ? 1 : 0),
    goldPassed: activity.goldPassed + (vote.gold === 'passed' ? 1 : 0),
    goldFailed: activity.goldFailed + (vote.gold === 'failed' ? 1 : 0),
  };
}

/**
 * Suspicious when, with enough evidence for each rule: the share of too-fast votes reaches
 * `fastVoteShare` (over ≥ fastVoteMinVotes votes); one side got at least `sameSideShare` of the
 * votes (over ≥ sameSideMinVotes); the gold failure rate reaches `goldFailureRate` (over
 * ≥ goldMinPairs gold pairs).
 */
export function assessVoter(
  activity: VoterActivity,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): VoterAssessment {
  const reasons: SuspicionReason[] = [];
  if (
    activity.votes >= params.fastVoteMinVotes &&
    activity.votes > 0 &&
    activity.fastVotes / activity.votes >= params.fastVoteShare
  ) {
    reasons.push('too_fast');
  }
  const sided = activity.leftVotes + activity.rightVotes;
  if (
    sided >= params.sameSideMinVotes &&
    sided > 0 &&
    Math.max(activity.leftVotes, activity.rightVotes) / sided >= params.sameSideShare
  ) {
    reasons.push('same_side');
  }
  const gold = activity.goldPassed + activity.goldFailed;
  if (
    gold >= params.goldMinPairs &&
    gold > 0 &&
    activity.goldFailed / gold >= params.goldFailureRate
  ) {
    reasons.push('gold_failures');
  }
  return { suspicious: reasons.length > 0, reasons };
}

/**
 * The weight of this voter's next vote: 0 when suspicious, otherwise their weight from the last
 * refit (or the prior weight for a voter the refit has not seen).
 */
export function onlineVoteWeight(
  activity: VoterActivity,
  refitWeight: number,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): number {
  if (assessVoter(activity, params).suspicious) return 0;
  return Math.min(1, Math.max(0, Number.isFinite(refitWeight) ? refitWeight : 0));
}

/**
 * Fishing (ADR 0024): an address or neighbourhood that is served many pairs and votes on few of
 * them is looking for one photo (its own, or a target) and skipping the rest. Honest voters vote
 * on nearly every pair they are shown (the web app preloads one pair ahead).
 */
export function isFishing(
  served: number,
  voted: number,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): boolean {
  return served >= params.fishingMinServed && voted < served * params.fishingMinVoteShare;
}

/**
 * The online weight factor of a vote whose neighbourhood has cast `winnerVotes` and `loserVotes`
 * votes on its two photos this hour: 1 up to `onlineVoicesPerPhoto`, then shrinking so the crowd's
 * votes on one photo add up to that many until the refit judges them.
 */
export function onlineCrowdFactor(
  winnerVotes: number,
  loserVotes: number,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): number {
  const most = Math.max(1, winnerVotes, loserVotes);
  return Math.min(1, params.onlineVoicesPerPhoto / most);
}
