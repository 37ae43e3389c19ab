import type { Placement, PublicPhoto } from '@yanzhi/contract';
import type { PlacementFacts } from '../domain/rating/index.js';
import type { PublicPhotoRow } from '../repositories/photo.repository.js';
import { imageOf } from './image-view.js';

/** A placement as the contract spells it; null once the photo is established. */
export function toPlacement(facts: PlacementFacts | null): Placement | null {
  if (facts === null) return null;
  return {
    matches_to_place: facts.matchesToPlace,
    score_low: facts.scoreLow,
    score_high: facts.scoreHigh,
  };
}

export interface PublicPhotoFacts {
  row: PublicPhotoRow;
  /** Its place on its category's all-time board and that board's size. */
  standing: { rank: number | null; total: number };
  placement: PlacementFacts | null;
  isMine: boolean;
}

/** `get_photo`: a photo's public page. The row is never a deleted photo. */
export function toPublicPhoto({ row, standing, placement, isMine }: PublicPhotoFacts): PublicPhoto {
  return {
    id: row.id,
    category_id: row.category_id,
    image: imageOf(row),
    current_score: row.current_score,
    provisional: row.provisional === 1,
    placement: toPlacement(placement),
    rank: standing.rank,
    board_total: standing.total,
    comparisons: row.comparisons,
    wins: row.wins,
    owner_name: row.owner_name,
    is_mine: isMine,
    state: row.state === 'deleted' ? 'removed' : row.state,
    created_at: new Date(row.created_at).toISOString(),
  };
}
