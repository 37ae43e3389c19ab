import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { profileKeys } from './get-my-photos';

export function photoHistoryQueryOptions(photoId: number) {
  return queryOptions({
    queryKey: [...profileKeys.all, 'history', photoId] as const,
    queryFn: ({ signal }) => callApi('get_photo_history', { photo_id: photoId }, { signal }),
  });
}

export function usePhotoHistory(photoId: number | null) {
  return useQuery({ ...photoHistoryQueryOptions(photoId ?? 0), enabled: photoId !== null });
}
