import { readStoredJson, writeStored, removeStored } from '../../lib/storage';
import type { OutboxStorage, QueuedVote, VoteRequest } from './vote-outbox';

/**
 * The vote queue in local storage: synchronous, so a vote is stored before its request starts
 * and a reload (or a crash) right after the tap still finds it. Tabs share the list; every
 * change reads it afresh, so one tab's votes are not overwritten by another's (ADR 0015).
 */
export const OUTBOX_STORAGE_KEY = 'voteOutbox';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isOptionalId(value: unknown): boolean {
  return value === undefined || value === null || isId(value);
}

function toRequest(value: unknown): VoteRequest | null {
  if (!isRecord(value)) return null;
  const { winner_photo_id, loser_photo_id, anonymous_id, pair_id } = value;
  if (!isId(winner_photo_id) || !isId(loser_photo_id) || typeof anonymous_id !== 'string') {
    return null;
  }
  if (typeof pair_id !== 'string' || pair_id === '') return null;
  if (!isOptionalId(value.user_id) || !isOptionalId(value.boosted_photo_id)) return null;
  const request: VoteRequest = { winner_photo_id, loser_photo_id, anonymous_id, pair_id };
  if (isId(value.boosted_photo_id)) request.boosted_photo_id = value.boosted_photo_id;
  if (isId(value.user_id)) request.user_id = value.user_id;
  return request;
}

/** A stored entry, or null when it is not one (an older format, a hand-edited value). */
export function toQueuedVote(value: unknown): QueuedVote | null {
  if (!isRecord(value)) return null;
  const request = toRequest(value.request);
  const { key, queuedAt, attempts } = value;
  if (request === null || typeof key !== 'string' || key !== request.pair_id) return null;
  if (typeof queuedAt !== 'number' || typeof attempts !== 'number') return null;
  return { key, request, queuedAt, attempts };
}

export function localOutboxStorage(key: string = OUTBOX_STORAGE_KEY): OutboxStorage {
  return {
    load: () => {
      const stored = readStoredJson(key);
      if (!Array.isArray(stored)) return [];
      return stored.map(toQueuedVote).filter((vote): vote is QueuedVote => vote !== null);
    },
    save: (votes) => {
      if (votes.length === 0) removeStored(key);
      else writeStored(key, JSON.stringify(votes));
    },
  };
}
