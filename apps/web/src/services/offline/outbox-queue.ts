import { callApi } from '../../lib/api-client';
import { isOnline } from '../../lib/online-status';
import { localOutboxStorage } from './outbox-storage';
import { VoteOutbox } from './vote-outbox';

/**
 * The vote queue with its storage: a chunk of its own, fetched right after the first render
 * (lazy-outbox.ts), so the first paint of the arena does not wait for it (ADR 0014).
 */
export function createVoteOutbox(): VoteOutbox {
  return new VoteOutbox({
    send: (request) => callApi('submit_photo_rating', request),
    storage: localOutboxStorage(),
    isOnline,
  });
}
