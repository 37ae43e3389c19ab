import type { SubmitRatingResponse } from '@yanzhi/contract';
import { callApi } from '../../../lib/api-client';
import type { VoteRequest } from '../vote-outbox';

/**
 * Sends one vote (spec §7 plus the pair id). Only the outbox calls it: every vote goes through
 * the queue, online or not, and the pair id makes a resent vote count once (ADR 0015).
 */
export function submitVote(request: VoteRequest): Promise<SubmitRatingResponse> {
  return callApi('submit_photo_rating', request);
}
