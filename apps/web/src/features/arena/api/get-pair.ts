import type { Pair } from '@yanzhi/contract';
import { callApi } from '../../../lib/api-client';
import { getAnonymousId } from '../../../lib/identity';
import type { PairSource } from '../pair-queue';

/**
 * Asks for the next pair of a category (spec §7: category_id, anonymous_id, user_id; and
 * with_photo_id for a photo page's "来比一比"). Each
 * answer is a new single-use pair, so it is never cached: the pair queue holds it until shown.
 */
export function fetchPair(source: PairSource, signal?: AbortSignal): Promise<Pair> {
  const request = {
    category_id: source.categoryId,
    anonymous_id: getAnonymousId(),
    user_id: source.userId,
  };
  // Only on a line's first request ("来比一比" from a photo page, see PairSource).
  return callApi(
    'get_random_photos_for_rating',
    source.withPhotoId === undefined ? request : { ...request, with_photo_id: source.withPhotoId },
    { signal },
  );
}
