import {
  assessVoter,
  isFishing,
  isTooFast,
  onlineCrowdFactor,
  priorVoterWeight,
  type RatingParams,
  type VoterActivity,
} from '../rating/index.js';

/** Pairs served to and votes cast from the caller's address and neighbourhood this hour. */
export interface VoteTraffic {
  address: { served: number; voted: number };
  neighbourhood: { served: number; voted: number };
  /** Votes from the neighbourhood on each photo of the vote this hour, this one included. */
  photoVotes: { winner: number; loser: number };
}

/** What the weight of one vote depends on. */
export interface WeightFacts {
  /** The voter's activity with this vote counted. */
  activity: VoterActivity;
  dwellMs: number;
  /** The voter's weight from the last refit; null: the refit has not seen them yet. */
  refitWeight: number | null;
  /** Unknown (no traffic counted) means no fishing and no crowd. */
  traffic: VoteTraffic | undefined;
}

/**
 * How far the voter is trusted on this vote: nothing for an inhumanly fast vote, a suspicious
 * voter (always one side, failing gold pairs) or an address fishing for one photo; otherwise
 * their refit weight (ADR 0024: weight is earned, a new voter starts at the prior's).
 */
export function voteReliability(facts: WeightFacts, params: RatingParams): number {
  const tooFast = isTooFast(facts.dwellMs, params);
  const suspicious = assessVoter(facts.activity, params).suspicious;
  const traffic = facts.traffic;
  const fishing =
    traffic !== undefined &&
    (isFishing(traffic.address.served, traffic.address.voted, params) ||
      isFishing(traffic.neighbourhood.served, traffic.neighbourhood.voted, params));
  return tooFast || suspicious || fishing ? 0 : (facts.refitWeight ?? priorVoterWeight(params));
}

/**
 * The vote's weight in the online update. The online update is a preview until the next refit,
 * which weighs trust and neighbourhoods in full (ADR 0024); until then a crowd behind one
 * neighbourhood moves a photo only so far.
 */
export function onlineWeight(
  reliability: number,
  traffic: VoteTraffic | undefined,
  params: RatingParams,
): number {
  return (
    reliability *
    onlineCrowdFactor(traffic?.photoVotes.winner ?? 1, traffic?.photoVotes.loser ?? 1, params)
  );
}
