import { ErrorCode, type PublicPhoto } from '@yanzhi/contract';
import { placementOf, type RatingParams } from '../domain/rating/index.js';
import { AppError } from '../errors.js';
import type { ArenaIndexes } from '../indexes/arena-indexes.js';
import type { Store } from '../repositories/store.js';
import { toPublicPhoto } from '../views/public-photo-view.js';
import type { LeaderboardService } from './leaderboard.service.js';

/**
 * `get_photo` (the page `/p/<id>` that shares land on): one photo's score, placement, its rank
 * on its category's all-time board, matches and wins, and its owner's public name. Anyone may
 * look at an active photo; a hidden or removed one answers only its owner, and to anyone else
 * exactly like a photo that never existed.
 */
export class PhotoPageService {
  constructor(
    private readonly store: Store<'photos'>,
    private readonly leaderboards: Pick<LeaderboardService, 'standingOf'>,
    private readonly indexes: Pick<ArenaIndexes, 'current'>,
    private readonly params: RatingParams,
  ) {}

  async photo(photoId: number, viewerId: number | null): Promise<PublicPhoto> {
    const row = await this.store.repos.photos.publicPhoto(photoId);
    const isMine = row !== undefined && viewerId !== null && row.user_id === viewerId;
    if (row === undefined || (row.state !== 'active' && !isMine)) {
      throw new AppError(ErrorCode.PHOTO_NOT_FOUND);
    }
    // The same board get_leaderboard 'all' answers from: its rank is the board's, never re-derived.
    const standing = await this.leaderboards.standingOf(row, 'all');
    const provisional = row.provisional === 1;
    // The range is scored against the category's reference set, as the refit scores it.
    const placement = provisional
      ? placementOf(
          row.mu,
          row.sigma2,
          (await this.indexes.current(row.category_id)).referenceMus,
          this.params,
        )
      : null;
    return toPublicPhoto({ row, standing, placement, isMine });
  }
}
