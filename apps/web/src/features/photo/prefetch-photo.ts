import type { QueryClient } from '@tanstack/react-query';
import { photoQueryOptions } from './api/get-photo';
import { photoIdFromPath } from './photo-path';

/** Asks for a photo page's photo from the boot task, before the page first renders. */
export function prefetchPhoto(queryClient: QueryClient, pathname: string): void {
  const photoId = photoIdFromPath(pathname);
  if (photoId !== null) queryClient.query(photoQueryOptions(photoId)).catch(() => undefined);
}
