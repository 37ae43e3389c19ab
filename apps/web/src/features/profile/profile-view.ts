import type { Category } from '@yanzhi/contract';
import type { PhotoPage } from '../../services/user';
import type { ProfilePhoto } from './profile-photo';

/**
 * What the profile card may say (issue 17): facts only once the photos are read. While they
 * load, offline or after a failure it says so; with no photo it invites the first upload. The
 * spec's client defaults (rating 5, rank 123) are never shown as the user's.
 */
export type ProfileView =
  | { kind: 'loading' }
  | { kind: 'offline' }
  | { kind: 'error'; error: unknown }
  | { kind: 'empty' }
  | {
      kind: 'ready';
      best: ProfilePhoto;
      /** The best photo on a board, with its rank and category; null when none is. */
      ranked: { rank: number; categoryId: number } | null;
      /** Whether any photo is still placing (定级中). */
      placing: boolean;
      /** Read before the connection went: shown, but marked as such. */
      cached: boolean;
    };

export interface PhotosRead {
  photos: readonly ProfilePhoto[];
  /** The latest answer of get_my_photos (undefined: none yet; null: not a photo page). */
  page: PhotoPage | null | undefined;
  pending: boolean;
  error: unknown;
  online: boolean;
}

/** The card's view from what the photos call has answered so far. */
export function profileView({ photos, page, pending, error, online }: PhotosRead): ProfileView {
  const best = photos[0];
  if (best === undefined) {
    if (page !== undefined && page !== null) {
      // A page with photos is on its way into the store (the next render shows it).
      return page.total_photos === 0 ? { kind: 'empty' } : { kind: 'loading' };
    }
    // A query waits while the browser is offline rather than failing: say so, do not spin.
    if (!online) return { kind: 'offline' };
    if (error !== null && error !== undefined) return { kind: 'error', error };
    if (page === null) return { kind: 'error', error: null };
    return pending ? { kind: 'loading' } : { kind: 'error', error: null };
  }
  const rankedPhoto = photos.find((photo) => typeof photo.rank === 'number');
  return {
    kind: 'ready',
    best,
    ranked:
      rankedPhoto && typeof rankedPhoto.rank === 'number'
        ? { rank: rankedPhoto.rank, categoryId: rankedPhoto.category_id ?? 0 }
        : null,
    placing: photos.some((photo) => photo.provisional === true && photo.state !== 'removed'),
    cached: !online,
  };
}

/**
 * Whether there is something to share: an active photo. A photo still being placed is shareable
 * too: its card says 定级中 and its link opens its own page, where a friend finds it (issue 17).
 * A hidden or removed photo is not: its page answers others "not found".
 */
export function canShare(view: ProfileView, photos: readonly ProfilePhoto[]): boolean {
  if (view.kind !== 'ready') return false;
  return photos.some((photo) => (photo.state ?? 'active') === 'active');
}

/** A category's name in the language shown, or null while the categories are unknown. */
export function categoryName(
  categories: readonly Category[] | undefined,
  id: number,
  english: boolean,
): string | null {
  const category = categories?.find((item) => item.id === id);
  if (!category) return null;
  return english ? category.name_en : category.name;
}
