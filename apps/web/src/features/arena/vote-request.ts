import type { CallRequest, Pair } from '@yanzhi/contract';
import { getAnonymousId } from '../../lib/identity';

export type Choice = 0 | 1;

/**
 * The vote for one photo of a served pair (spec §7 plus the pair id): the other photo loses,
 * and a boosted card settles its exposure through boosted_photo_id. The pair id is also the
 * vote's idempotency key: it is sent through the offline queue (services/offline, ADR 0015).
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
