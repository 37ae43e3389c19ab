import type { PhotoNews } from '@yanzhi/contract';
import { callApi } from '../../../lib/api-client';

/**
 * What happened to the signed-in user's photos since they last looked. `markSeen` moves "last
 * looked" to now after the answer (the profile's inbox sends it; the badge's start-up call not).
 */
export function fetchPhotoNews(markSeen: boolean, signal?: AbortSignal): Promise<PhotoNews> {
  return callApi('get_photo_news', { mark_seen: markSeen }, { signal });
}
