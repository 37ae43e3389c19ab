import type { QueryClient } from '@tanstack/react-query';
import { takePageAnswer } from '../../lib/page-answer';
import { photoQueryOptions } from './api/get-photo';
import { photoIdFromPath } from './photo-path';

/**
 * The photo of a photo page's first visit, before the page first renders: the one the server
 * wrote into the page (a shared link's landing), else asked for from the boot task.
 */
export function prefetchPhoto(queryClient: QueryClient, pathname: string): void {
  const photoId = photoIdFromPath(pathname);
  if (photoId === null) return;
  const options = photoQueryOptions(photoId);
  const written = takePageAnswer('get_photo', { photo_id: photoId });
  if (written !== undefined) queryClient.setQueryData(options.queryKey, written);
  else queryClient.query(options).catch(() => undefined);
}
