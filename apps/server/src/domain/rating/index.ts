/**
 * The rating engine (DESIGN §5): Bradley-Terry per category with Gaussian beliefs, an O(1) online
 * update, an order-independent batch refit with voter reliability, the display score against a
 * frozen reference set, provisional status, pairing over an in-memory category index and online
 * voter-quality heuristics. Everything here is pure; randomness is injected as `Rng`.
 */
export { DEFAULT_RATING_PARAMS, ratingParams, type RatingParams } from './params.js';
export { seededRng, randomInt, type Rng } from './rng.js';
export { sigmoid, probitScale, winProbability } from './math.js';
export { updateOnline, priorState, type RatingState, type OnlineUpdateResult } from './online.js';
export {
  refitCategory,
  priorVoterSignal,
  priorVoterWeight,
  voterWeightFromSignal,
  type RatingKey,
  type VoteRecord,
  type VoteArrays,
  type GoldTally,
  type RefitInput,
  type RefitResult,
  type RefitConvergence,
} from './refit.js';
export { replayNewerVotes, type NewerVote } from './refit-replay.js';
export {
  shownMoved,
  SHOWN_MU_STEP,
  SHOWN_SCORE_STEP,
  SHOWN_SIGMA_STEP,
  type ShownBelief,
} from './shown-change.js';
export {
  refitIncrement,
  trustWithNewVotes,
  type IncrementInput,
  type IncrementResult,
} from './refit-increment.js';
export {
  groupSlots,
  dampedFactors,
  restoredFactors,
  voteFactors,
  earnedTrust,
  evidenceVariance,
  trustFromEvidence,
  type GroupSlots,
} from './influence.js';
export { PROVISIONAL_SIGMA2, provisionalThreshold, isProvisional } from './provisional.js';
export { matchesToPlace, placementOf, placementWith, type PlacementFacts } from './placement.js';
export {
  MIN_DISPLAY_SCORE,
  MAX_DISPLAY_SCORE,
  chooseReferenceSet,
  referenceMus,
  referenceWinRate,
  displayScore,
  displayScores,
  scoreOf,
  type ReferenceCandidate,
} from './display.js';
export { CategoryIndex, type IndexedPhoto, type IndexedPhotoPatch } from './category-index.js';
export {
  boostDelivered,
  boostDue,
  boostLead,
  buyBoost,
  organicComparisons,
  organicSigma2,
  organicView,
  type BoostFacts,
  type BoostRun,
} from './boost-delivery.js';
export {
  pickPair,
  pickPairWith,
  pairKey,
  pairInformation,
  SCAN_LIMIT,
  type PairKind,
  type PairingVoter,
  type ChosenPair,
  type PickFailure,
  type PickResult,
} from './pairing.js';
export {
  EMPTY_VOTER_ACTIVITY,
  isTooFast,
  goldOutcome,
  recordVote,
  assessVoter,
  onlineVoteWeight,
  isFishing,
  onlineCrowdFactor,
  type VoterActivity,
  type ObservedVote,
  type SuspicionReason,
  type VoterAssessment,
} from './voter-quality.js';
