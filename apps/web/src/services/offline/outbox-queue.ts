import { isOnline } from '../../lib/online-status';
import { submitVote } from './api/submit-vote';
import { localOutboxStorage } from './outbox-storage';
import { VoteOutbox } from './vote-outbox';

/**
 * The vote queue with its storage: a chunk of its own, fetched right after the first render
 * (lazy-outbox.ts), so the first paint of the arena does not wait for it (ADR 0014).
 */
export function createVoteOutbox(): VoteOutbox {
  return new VoteOutbox({
    send: submitVote,
    storage: localOutboxStorage(),
    isOnline,
  });
}
