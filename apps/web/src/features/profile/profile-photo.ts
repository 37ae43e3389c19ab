import type { MyPhoto } from '@yanzhi/contract';
import type { MessageKey } from '../../lib/i18n';
import type { ProfileTextKey } from './texts-data';
import type { UserPhoto } from '../../services/user';

/** A photo of the list: the spec's id and score, plus what the server sends beside them. */
export type ProfilePhoto = UserPhoto & Partial<Omit<MyPhoto, 'id' | 'current_score'>>;

/**
 * The current (or last) boost as its owner sees it: exposures shown of those bought, both as the
 * server counts them (bought = shown + still owed).
 */
export function boostDelivery(photo: ProfilePhoto): { delivered: number; total: number } {
  const delivered = photo.boost_delivered ?? 0;
  return { delivered, total: delivered + (photo.boost_remaining ?? 0) };
}

/** Wins in percent of comparisons, or null before the first comparison. */
export function winRate(photo: ProfilePhoto): number | null {
  const comparisons = photo.comparisons ?? 0;
  if (comparisons <= 0) return null;
  return Math.round(((photo.wins ?? 0) / comparisons) * 100);
}

/** The chip over a photo: deleted here, removed or hidden by moderation, provisional, or live. */
export function stateChip(
  photo: ProfilePhoto,
  deleted: boolean,
): { key: MessageKey | ProfileTextKey; tone: string } {
  if (deleted) return { key: 'photo.state.deleted', tone: 'removed' };
  if (photo.state === 'removed') return { key: 'photo.state.removed', tone: 'removed' };
  if (photo.state === 'hidden') return { key: 'photo.state.hidden', tone: 'hidden' };
  if (photo.provisional) return { key: 'photo.provisional', tone: 'provisional' };
  return { key: 'photo.state.active', tone: 'active' };
}
