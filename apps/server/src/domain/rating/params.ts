/**
 * Every tunable of the rating engine (DESIGN §5) in one record with documented defaults.
 *
 * Units: strengths θ and means μ are on the Bradley-Terry logit scale, P(i beats j) = σ(θi − θj);
 * variances are in logit units squared. Shares are fractions of the pairs served in a category.
 */
export interface RatingParams {
  // ── Model prior ────────────────────────────────────────────────────────────────────────────
  /** Mean of the Gaussian prior on every photo's strength; new photos start here. */
  readonly priorMean: number;
  /**
   * Variance τ² of the Gaussian prior N(priorMean, τ²). τ = 1 says that a photo one prior
   * standard deviation above the centre beats a centre photo about 73% of the time.
   */
  readonly priorVariance: number;

  // ── Batch refit (refit.ts) ────────────────────────────────────────────────────────────────
  /**
   * At most this many rounds of "fit θ → re-estimate voter reliability" before the final fit
   * (0: the weights stay as given). Every refit starts them from the prior, so they run until
   * the weights settle (`reliabilityTolerance`): a fixed count from a remembered state would make
   * scores depend on how often the category was refitted (issue 18).
   */
  readonly reliabilityRounds: number;
  /**
   * The rounds stop once no voter's weight moved by more than this in the last one. The result
   * is deterministic whatever it is; 1e-4 leaves μ about that close to the weights' fixed point
   * (a fortieth of a display hundredth) at the cost of the three rounds from remembered weights.
   */
  readonly reliabilityTolerance: number;
  /** Beta(α, β) prior on a voter's reliability r (probability a vote is sincere); mean α/(α+β). */
  readonly voterPriorAlpha: number;
  readonly voterPriorBeta: number;
  /**
   * A voter's weight is w = max(0, (u − floor) / (1 − floor)) with u = 2r − 1 the voter's
   * estimated signal; the floor removes the estimation noise of voters whose signal is near zero.
   */
  readonly voterWeightFloor: number;
  /** Probability that the expected side wins a gold pair; turns gold tallies into evidence. */
  readonly goldEvidenceProbability: number;
  /** Newton iterations per fit (each solves its linear system by preconditioned CG). */
  readonly refitMaxNewtonIterations: number;
  /**
   * A fit has converged when the largest Newton step is at most this (logit units); Newton's
   * superlinear convergence leaves the result much closer to the optimum than this (≈1e-9).
   */
  readonly refitTolerance: number;
  /** Conjugate-gradient iterations per Newton step, at most. */
  readonly refitMaxCgIterations: number;
  /** The largest change of one strength in one Newton step (keeps cold starts stable). */
  readonly refitMaxStep: number;

  // ── Sybil resistance (influence.ts, ADR 0024) ──────────────────────────────────────────────
  /** The votes of one group (network neighbourhood or voter) on one photo weigh this many... */
  readonly groupVoicesPerPhoto: number;
  /** ...unless the group agrees with everyone else: full weight back at |z| ≤ this... */
  readonly groupAgreementZLow: number;
  /** ...and none back at |z| ≥ this (linear in between). */
  readonly groupAgreementZHigh: number;
  /** A voter's trust with no evidence (multiplies the weight of their votes). */
  readonly trustPrior: number;
  /** Evidence (net agreeing votes, gold pairs) at which trust reaches 1. */
  readonly trustFullEvidence: number;
  /** Evidence of every vote that weighs something (volume: ids are cheap, votes less so)... */
  readonly trustVoteEvidence: number;
  /** ...plus one for a vote that agrees with everyone else (minus one if not) on a pair whose
   *  strengths differ by at least this (logits). */
  readonly trustMargin: number;
  /** Evidence of one gold pair passed (a failed one costs twice as much). */
  readonly trustGoldEvidence: number;
  /** Online (until the next refit), one neighbourhood's votes on one photo in an hour weigh at
   *  most this many in all. */
  readonly onlineVoicesPerPhoto: number;
  /** An address or neighbourhood fishes when it was served at least this many pairs... */
  readonly fishingMinServed: number;
  /** ...and voted on fewer than this share of them (in the same hour). */
  readonly fishingMinVoteShare: number;

  // ── Provisional scores ────────────────────────────────────────────────────────────────────
  /** A photo stops being provisional after about this many comparisons... */
  readonly provisionalComparisons: number;
  /** ...each worth this much Fisher information w·p(1−p) (a typical voter, a close opponent). */
  readonly typicalComparisonInformation: number;

  // ── Display score (display.ts) ────────────────────────────────────────────────────────────
  /** Size of a category's frozen reference set. */
  readonly referenceSetSize: number;

  // ── Pairing (pairing.ts) ──────────────────────────────────────────────────────────────────
  /** Photos with fewer comparisons than this are in their placement burst. */
  readonly placementComparisons: number;
  /** Share of pairs that put a placement-burst photo on one side (when there is one). */
  readonly placementShare: number;
  /** Share of pairs drawn uniformly at random. */
  readonly randomShare: number;
  /** Share of gold pairs (established photos with a known large gap). */
  readonly goldShare: number;
  /** A gold pair's expected winner must win with at least this probability (uncertainty included). */
  readonly goldMinProbability: number;
  /** Both photos of a gold pair have at least this many comparisons. */
  readonly goldMinComparisons: number;
  /** Share of pairs that put a boosted photo on one side (the cap of all boosts together). */
  readonly boostShare: number;
  /**
   * A boost's exposures fall due evenly over this long from its purchase (boost-delivery.ts): the
   * delivery window, in ms. A boosted photo ahead of its schedule waits; 0 turns the pace off.
   */
  readonly boostDeliveryMs: number;
  /**
   * The information (w·p(1−p)) organic selection takes each boosted comparison to have carried:
   * its opponent is chosen for closeness (p ≈ ½) and a trusted voter weighs about 0.8. A little
   * above `typicalComparisonInformation`, so a boosted photo errs towards more organic pairs.
   */
  readonly boostedComparisonInformation: number;
  /** Candidates sampled for the first side of an information pair (K). */
  readonly infoCandidates: number;
  /** Opponents examined around the first photo's rank. */
  readonly opponentCandidates: number;
  /** Rank window (each side) in which opponents are examined; doubles on each retry. */
  readonly opponentWindow: number;
  /** Attempts per request before giving up (bounded work). */
  readonly pairAttempts: number;

  // ── Voter quality heuristics (voter-quality.ts) ───────────────────────────────────────────
  /** A vote given less than this many milliseconds after the pair was shown is inhumanly fast. */
  readonly minDwellMs: number;
  /** Suspicious when at least this share of the voter's votes are too fast... */
  readonly fastVoteShare: number;
  /** ...over at least this many votes. */
  readonly fastVoteMinVotes: number;
  /** Suspicious when at least this share of votes picked the same side... */
  readonly sameSideShare: number;
  /** ...over at least this many votes. */
  readonly sameSideMinVotes: number;
  /** Suspicious when at least this share of gold pairs was failed... */
  readonly goldFailureRate: number;
  /** ...over at least this many gold pairs. */
  readonly goldMinPairs: number;
}

export const DEFAULT_RATING_PARAMS: RatingParams = Object.freeze({
  priorMean: 0,
  priorVariance: 1,

  reliabilityRounds: 40,
  reliabilityTolerance: 1e-4,
  voterPriorAlpha: 8,
  voterPriorBeta: 2,
  voterWeightFloor: 0.2,
  goldEvidenceProbability: 0.9,
  refitMaxNewtonIterations: 60,
  refitTolerance: 1e-6,
  refitMaxCgIterations: 250,
  refitMaxStep: 2,

  groupVoicesPerPhoto: 0.5,
  groupAgreementZLow: 2,
  groupAgreementZHigh: 4,
  trustPrior: 0.25,
  trustFullEvidence: 8,
  trustVoteEvidence: 0.5,
  trustMargin: 0.25,
  trustGoldEvidence: 2,
  onlineVoicesPerPhoto: 20,
  fishingMinServed: 100,
  fishingMinVoteShare: 0.2,

  provisionalComparisons: 30,
  typicalComparisonInformation: 0.18,

  referenceSetSize: 64,

  placementComparisons: 12,
  placementShare: 0.5,
  randomShare: 0.15,
  goldShare: 0.05,
  goldMinProbability: 0.9,
  goldMinComparisons: 12,
  boostShare: 0.2,
  boostDeliveryMs: 24 * 60 * 60 * 1000,
  boostedComparisonInformation: 0.2,
  infoCandidates: 8,
  opponentCandidates: 8,
  opponentWindow: 16,
  pairAttempts: 24,

  minDwellMs: 400,
  fastVoteShare: 0.5,
  fastVoteMinVotes: 10,
  sameSideShare: 0.9,
  sameSideMinVotes: 20,
  goldFailureRate: 0.5,
  goldMinPairs: 5,
});

/** The defaults with some fields replaced. */
export function ratingParams(overrides: Partial<RatingParams> = {}): RatingParams {
  return Object.freeze({ ...DEFAULT_RATING_PARAMS, ...overrides });
}
