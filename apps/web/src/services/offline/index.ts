export { OfflineBanner } from './OfflineBanner';
export { OfflineState } from './OfflineState';
export { useOutboxSnapshot, useVoteOutbox, useVoteOutboxSync } from './use-vote-outbox';
export type { Outbox } from './lazy-outbox';
export type {
  OutboxSnapshot,
  QueuedVote,
  SettledVote,
  VoteOutcome,
  VoteRequest,
} from './vote-outbox';
