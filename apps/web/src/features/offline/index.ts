export { OfflineBanner } from './OfflineBanner';
export { OfflineState } from './OfflineState';
export { useOutboxSnapshot, useVoteOutbox, useVoteOutboxSync } from './use-vote-outbox';
export {
  VoteOutbox,
  isRefusal,
  type OutboxSnapshot,
  type QueuedVote,
  type SettledVote,
  type VoteOutcome,
  type VoteRequest,
} from './vote-outbox';
