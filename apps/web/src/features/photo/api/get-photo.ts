import type { PublicPhoto } from '@yanzhi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const photoKeys = {
  all: ['photo'] as const,
  photo: (photoId: number) => [...photoKeys.all, photoId] as const,
};

/** One photo's public page: its score, placement, rank on its board, matches and wins. */
export function photoQueryOptions(photoId: number) {
  return queryOptions({
    queryKey: photoKeys.photo(photoId),
    queryFn: ({ signal }): Promise<PublicPhoto> =>
      callApi('get_photo', { photo_id: photoId }, { signal }),
  });
}

/** The photo of the address; idle while the address names no photo. */
export function usePhoto(photoId: number | null) {
  return useQuery({ ...photoQueryOptions(photoId ?? 0), enabled: photoId !== null });
}
