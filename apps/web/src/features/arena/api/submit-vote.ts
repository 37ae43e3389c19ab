import type { CallRequest, Pair, SubmitRatingResponse } from '@yanzhi/contract';
import { ErrorCode } from '@yanzhi/contract';
import { ApiError, callApi } from '../../../lib/api-client';
import { getAnonymousId } from '../../../lib/identity';

export type Choice = 0 | 1;

/**
 * The vote for one photo of a served pair (spec §7 plus the pair id): the other photo loses,
 * and a boosted card settles its exposure through boosted_photo_id.
 */
export function voteRequest(
  pair: Pair,
  choice: Choice,
  userId: number | null,
): CallRequest<'submit_photo_rating'> {
  const winner = pair.photos[choice];
  const loser = pair.photos[choice === 0 ? 1 : 0];
  const boosted = pair.photos.find((photo) => photo.is_boosted);
  const body: CallRequest<'submit_photo_rating'> = {
    winner_photo_id: winner.id,
    loser_photo_id: loser.id,
    anonymous_id: getAnonymousId(),
    pair_id: pair.pair_id,
  };
  if (boosted !== undefined) body.boosted_photo_id = boosted.id;
  if (userId !== null) body.user_id = userId;
  return body;
}

export function submitVote(
  pair: Pair,
  choice: Choice,
  userId: number | null,
): Promise<SubmitRatingResponse> {
  return callApi('submit_photo_rating', voteRequest(pair, choice, userId));
}

const PAIR_GONE_CODES: ReadonlySet<number> = new Set([
  ErrorCode.PAIR_NOT_SERVED,
  ErrorCode.PAIR_EXPIRED,
  ErrorCode.PAIR_ALREADY_JUDGED,
  ErrorCode.RATE_LIMITED,
]);

/** The server will not take a vote on this pair: say why and move on to the next one. */
export function isPairGone(error: unknown): error is ApiError {
  return error instanceof ApiError && PAIR_GONE_CODES.has(error.code);
}
