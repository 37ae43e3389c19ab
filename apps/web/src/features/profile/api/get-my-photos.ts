import { MY_PHOTOS_DEFAULT_PAGE_SIZE } from '@yanzhi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { PhotoPage, UserPhoto } from '../../../services/user';

export const profileKeys = {
  all: ['profile'] as const,
  photos: (userId: number, page: number) => [...profileKeys.all, userId, 'photos', page] as const,
};

function isPhoto(value: unknown): value is UserPhoto {
  if (typeof value !== 'object' || value === null) return false;
  const photo = value as Record<string, unknown>;
  return typeof photo.id === 'number' && typeof photo.current_score === 'number';
}

/** The paged list of DESIGN §3 (`photos, current_page, total_pages, total_photos`), or null. */
export function toPhotoPage(data: unknown): PhotoPage | null {
  if (typeof data !== 'object' || data === null) return null;
  const page = data as Record<string, unknown>;
  const { photos, current_page, total_pages, total_photos } = page;
  if (!Array.isArray(photos) || !photos.every(isPhoto)) return null;
  if (typeof current_page !== 'number' || typeof total_pages !== 'number') return null;
  if (typeof total_photos !== 'number') return null;
  return { photos, current_page, total_pages, total_photos };
}

export function myPhotosQueryOptions(userId: number, page = 1) {
  return queryOptions({
    queryKey: profileKeys.photos(userId, page),
    queryFn: async ({ signal }) =>
      toPhotoPage(
        await callApi(
          'get_my_photos',
          { page, page_size: MY_PHOTOS_DEFAULT_PAGE_SIZE },
          { signal },
        ),
      ),
  });
}

export function useMyPhotos(userId: number | null) {
  return useQuery({ ...myPhotosQueryOptions(userId ?? 0), enabled: userId !== null });
}
