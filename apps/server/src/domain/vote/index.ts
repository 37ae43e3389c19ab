/**
 * The vote as a decision (DESIGN §5, §6): whether a submission may count, and what an accepted
 * vote changes. Pure: the arena service reads the facts under locks and writes the decision.
 */
export { decideVote } from './decide-vote.js';
export type {
  JudgedPair,
  RatedPhoto,
  VoteDecision,
  VoteFacts,
  VoteRecordFields,
  VoteRules,
  VoterCounters,
} from './vote-facts.js';
export { onboardingOf } from './onboarding.js';
export {
  isServedTo,
  replayOf,
  votedPhotos,
  type RecordedVote,
  type ServedTo,
  type VoteClaim,
} from './served-pair.js';
export {
  onlineWeight,
  voteReliability,
  type VoteTraffic,
  type WeightFacts,
} from './vote-weight.js';
