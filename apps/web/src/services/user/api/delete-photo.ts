import { callApi } from '../../../lib/api-client';

/** Deletes one of the user's photos for good (spec §7: photo_id, user_id). */
export function deleteMyPhoto(photoId: number, userId: number) {
  return callApi('delete_photo', { photo_id: photoId, user_id: userId });
}
