import { ErrorCode } from '@yanzhi/contract';
import type { PhotoRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import { boostCost } from '../domain/fuel.js';
import { boostDelivered, buyBoost, type RatingParams } from '../domain/rating/index.js';
import { AppError } from '../errors.js';
import {
  cardFolderOf,
  photoFileKeys,
  type MediaRepository,
} from '../repositories/media.repository.js';
import type { Store } from '../repositories/store.js';
import type { ArenaIndexes } from '../indexes/arena-indexes.js';

/**
 * What an owner does with their photos (DESIGN §7, §10): only the owner, identified by the
 * session (never the body), may delete or boost; anyone else gets 403xx and nothing changes.
 */
export class PhotoOwnerService {
  constructor(
    private readonly store: Store<'fuel' | 'photos' | 'scoreDays' | 'uploads'>,
    private readonly media: MediaRepository,
    private readonly indexes: ArenaIndexes,
    private readonly clock: Clock,
    private readonly params: RatingParams,
  ) {}

  private static owned(photo: PhotoRow | undefined, userId: number): PhotoRow {
    if (!photo) throw new AppError(ErrorCode.PHOTO_NOT_FOUND);
    if (photo.user_id !== userId) throw new AppError(ErrorCode.FORBIDDEN);
    return photo;
  }

  /**
   * Deletes a photo for good: out of the arena and the leaderboards, files removed. Its row
   * stays as a tombstone so the votes it took part in still count for the other photos.
   * A user's last photo stays (spec §4: removal only while they have more than one; hidden and
   * removed ones count, as they are still theirs): they upload another first or delete the
   * account. The owner's lock makes two deletes sent at once see each other.
   */
  async deletePhoto(userId: number, photoId: number): Promise<{ photo_id: number; deleted: true }> {
    const now = this.clock.now();
    const photo = await this.store.transaction(async ({ photos, uploads }) => {
      await uploads.lockOwner(userId);
      const owned = PhotoOwnerService.owned(await photos.lockLive(photoId), userId);
      if ((await uploads.countMine(userId)) <= 1) throw new AppError(ErrorCode.LAST_PHOTO);
      await photos.markDeleted(owned.id, now);
      return owned;
    });
    (await this.indexes.get(photo.category_id)).index.remove(String(photo.id));
    await this.media.deleteKeys(photoFileKeys(photo));
    await this.media.deleteFolders([cardFolderOf(photo.id)]);
    return { photo_id: photo.id, deleted: true };
  }

  /** The daily score points of one of the user's photos, oldest first (the last 90 days). */
  async history(userId: number, photoId: number) {
    const photo = PhotoOwnerService.owned(await this.store.repos.photos.lockLive(photoId), userId);
    const rows = await this.store.repos.scoreDays.scoreHistory(photo.id, 90);
    return {
      photo_id: photo.id,
      points: rows.reverse().map((row) => ({ date: row.day, score: row.score })),
    };
  }

  /** Spends fuel on boosted exposures (DESIGN §6); the balance is checked atomically. */
  async boostPhoto(userId: number, photoId: number, exposures: number) {
    const now = this.clock.now();
    const cost = boostCost(exposures);
    const result = await this.store.transaction(async ({ photos, fuel }) => {
      const photo = PhotoOwnerService.owned(await photos.lockLive(photoId), userId);
      if (photo.state !== 'active') throw new AppError(ErrorCode.FORBIDDEN);
      const wallet = { kind: 'user', id: userId } as const;
      const spend = {
        wallet,
        amount: -cost,
        reason: 'boost',
        ref: `photo:${photo.id}`,
        at: now,
      } as const;
      if (!(await fuel.change(spend))) {
        throw new AppError(ErrorCode.INSUFFICIENT_FUEL);
      }
      // The photo's row is locked: the run is read and written whole (a top-up keeps its pace).
      const run = buyBoost(
        {
          remaining: photo.boost_remaining,
          bought: photo.boost_bought,
          startedAt: photo.boost_started_at,
        },
        exposures,
        now,
        this.params,
      );
      await photos.saveBoost(photo.id, run, now);
      return { photo, run, fuel: await fuel.balance(wallet) };
    });
    (await this.indexes.get(result.photo.category_id)).index.update(String(result.photo.id), {
      boostRemaining: result.run.remaining,
      boostBought: result.run.bought,
      boostStartedAt: result.run.startedAt,
    });
    return {
      photo_id: result.photo.id,
      boost_remaining: result.run.remaining,
      boost_delivered: boostDelivered(result.run),
      cost,
      fuel: result.fuel,
    };
  }
}
