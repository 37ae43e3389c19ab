import { randomInt, randomUUID } from 'node:crypto';
import {
  ErrorCode,
  SCORE_INITIAL,
  type MyPhoto,
  type MyPhotosPage,
  type UploadPhotoResponse,
} from '@yanzhi/contract';
import type { PhotoRow, UserRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import { boostDelivered, placementOf, type RatingParams } from '../domain/rating/index.js';
import { AppError } from '../errors.js';
import type { Metrics } from '../lib/metrics.js';
import type { PhotoRenderer } from '../repositories/image-processes.js';
import { photoFileKeys, type MediaRepository } from '../repositories/media.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { Store } from '../repositories/store.js';
import {
  sweepOrphanFiles,
  type MyPhotoRow,
  type UploadRepository,
} from '../repositories/upload.repository.js';
import type { ArenaIndexes } from '../indexes/arena-indexes.js';
import { imageOf } from '../views/image-view.js';
import type { AuthService, AuthState } from './auth.service.js';
import type { IdentityService } from './identity.service.js';
import type { LeaderboardService } from './leaderboard.service.js';
import { renderUploadedImage } from '../checks/upload-checks.js';
import type { UploadedFile } from '../lib/uploaded-file.js';

/** Perceptual hashes this close (of 64 bits) are the same picture re-uploaded. */
const DUPLICATE_DISTANCE = 4;
/** Files younger than this may belong to an upload still on its way to its row. */
export const ORPHAN_GRACE_MS = 10 * 60_000;

export interface UploadRequest {
  file: UploadedFile | null;
  categoryId: number;
  auth: AuthState;
  /** The `device-id` header (or the body's anonymous id); recorded on a new device account. */
  deviceId: string | null;
}

function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let index = 0; index < a.length; index += 4) {
    let bits =
      Number.parseInt(a.slice(index, index + 4), 16) ^
      Number.parseInt(b.slice(index, index + 4), 16);
    for (; bits !== 0; bits &= bits - 1) distance += 1;
  }
  return distance;
}

/** What a photo's row does not say: its place on the all-time board and its placement. */
export type MyPhotoStanding = Pick<MyPhoto, 'rank' | 'placement'>;

export function toMyPhoto(row: MyPhotoRow, standing: MyPhotoStanding): MyPhoto {
  return {
    id: row.id,
    category_id: row.category_id,
    current_score: row.current_score,
    provisional: row.provisional === 1,
    comparisons: row.comparisons,
    wins: row.wins,
    image: imageOf(row),
    // Deleted photos are never listed; the other states are the contract's.
    state: row.state === 'deleted' ? 'removed' : row.state,
    state_reason: row.state === 'removed' ? row.state_reason : null,
    boost_remaining: row.boost_remaining,
    boost_delivered: boostDelivered({ bought: row.boost_bought, remaining: row.boost_remaining }),
    created_at: new Date(row.created_at).toISOString(),
    rank: standing.rank,
    placement: standing.placement,
  };
}

/** Photo uploads (DESIGN §7) and the owner's list of photos. */
export class PhotoService {
  constructor(
    private readonly store: Store<'categories' | 'fuel' | 'uploads' | 'users'>,
    private readonly media: MediaRepository,
    private readonly images: PhotoRenderer,
    private readonly auth: AuthService,
    private readonly identity: IdentityService,
    private readonly indexes: ArenaIndexes,
    private readonly leaderboards: LeaderboardService,
    private readonly params: RatingParams,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Checks the bytes, re-encodes the variants, writes the files, then inserts the row (and a
   * device account when there is no session). A refusal leaves no row and no file; a crash
   * between files and row leaves files the start-up sweep removes.
   */
  async upload(request: UploadRequest): Promise<UploadPhotoResponse> {
    // A token that no longer works is answered with its code (the client refreshes or signs in
    // again) rather than with a new device account that would silently replace the session.
    if (request.auth.kind === 'invalid') throw new AppError(request.auth.code);
    const owner = request.auth.kind === 'user' ? request.auth.user : null;
    if (!request.file || request.file.size === 0) throw new AppError(ErrorCode.FILE_MISSING);
    if (!(await this.store.repos.categories.findActive(request.categoryId))) {
      throw new AppError(ErrorCode.CATEGORY_NOT_FOUND);
    }
    const rendered = await renderUploadedImage(this.images, request.file);
    if (owner) await this.refuseDuplicate(this.store.repos.uploads, owner.id, rendered.phash);

    const keys = await this.media.writePhotoVariants(rendered);
    const now = this.clock.now();
    let saved: { user: UserRow; photoRow: PhotoRow };
    try {
      saved = await this.store.transaction(async (repos) => {
        const { uploads } = repos;
        const user = owner ?? (await this.createDeviceAccount(repos, request.deviceId, now));
        if (owner) {
          await uploads.lockOwner(owner.id);
          await this.refuseDuplicate(uploads, owner.id, rendered.phash);
        }
        const photoRow = await uploads.insertPhoto({
          user_id: user.id,
          category_id: request.categoryId,
          state: 'active',
          current_score: SCORE_INITIAL,
          provisional: 1,
          mu: 0,
          sigma2: 1,
          width: rendered.width,
          height: rendered.height,
          placeholder: rendered.placeholder,
          display_key: keys.display_key,
          medium_key: keys.medium_key,
          thumb_key: keys.thumb_key,
          phash: rendered.phash,
          is_demo: 0,
          created_at: now,
          published_at: now,
          updated_at: now,
        });
        return { user, photoRow };
      });
    } catch (error) {
      await this.media.deleteKeys(photoFileKeys(keys));
      throw error;
    }

    // The new photo enters the pairing index at once, for its placement burst (DESIGN §5).
    const { index, referenceMus } = await this.indexes.get(request.categoryId);
    index.upsert({
      id: String(saved.photoRow.id),
      ownerId: String(saved.user.id),
      mu: saved.photoRow.mu,
      sigma2: saved.photoRow.sigma2,
      comparisons: 0,
      boostRemaining: 0,
    });

    this.metrics.uploadAccepted();
    // A new photo is on no board yet; its placement starts from the prior.
    const photo = toMyPhoto(saved.photoRow, {
      rank: null,
      placement: this.placementOf(saved.photoRow, referenceMus),
    });
    if (owner) return { photo };
    const session = await this.auth.issueSession(saved.user, randomUUID(), request.deviceId);
    return { photo, ...session };
  }

  private async refuseDuplicate(
    uploads: UploadRepository,
    userId: number,
    phash: string,
  ): Promise<void> {
    const existing = await uploads.ownerHashes(userId);
    if (existing.some((photo) => hammingDistance(photo.phash, phash) <= DUPLICATE_DISTANCE)) {
      throw new AppError(ErrorCode.DUPLICATE_PHOTO);
    }
  }

  /** A standalone visitor's first upload makes them a device account (DESIGN §4). */
  private createDeviceAccount(
    repos: Pick<Repositories, 'fuel' | 'users'>,
    deviceId: string | null,
    now: number,
  ): Promise<UserRow> {
    return this.identity.createUserIn(repos, {
      nickname: `用户${String(randomInt(0, 10_000)).padStart(4, '0')}`,
      avatar_url: null,
      role: 'user',
      status: 'active',
      host_user_id: null,
      device_id: deviceId,
      is_device_account: 1,
      is_demo: 0,
      created_at: now,
      updated_at: now,
    });
  }

  /** `get_my_photos`: the caller's photos that still exist, best first. */
  async myPhotos(userId: number, page: number, pageSize: number): Promise<MyPhotosPage> {
    const { uploads } = this.store.repos;
    const total = await uploads.countMine(userId);
    const rows = await uploads.listMine(userId, pageSize, (page - 1) * pageSize);
    const photos: MyPhoto[] = [];
    for (const row of rows) photos.push(toMyPhoto(row, await this.standingOf(row)));
    return {
      photos,
      current_page: page,
      total_pages: Math.ceil(total / pageSize),
      total_photos: total,
    };
  }

  /**
   * The rank is the all-time board's own (the one get_leaderboard's my_entry reads), so the
   * profile and the board never disagree; the placement comes from the engine's posterior.
   */
  private async standingOf(row: MyPhotoRow): Promise<MyPhotoStanding> {
    const { rank } = await this.leaderboards.standingOf(row, 'all');
    const { referenceMus } = await this.indexes.get(row.category_id);
    return { rank, placement: this.placementOf(row, referenceMus) };
  }

  /** Only a photo the engine still calls provisional shows a placement (定级中). */
  private placementOf(
    row: Pick<MyPhotoRow, 'provisional' | 'mu' | 'sigma2'>,
    referenceMus: readonly number[],
  ): MyPhoto['placement'] {
    if (row.provisional !== 1) return null;
    const facts = placementOf(row.mu, row.sigma2, referenceMus, this.params);
    return facts === null
      ? null
      : {
          matches_to_place: facts.matchesToPlace,
          score_low: facts.scoreLow,
          score_high: facts.scoreHigh,
        };
  }

  /** Removes media files no photo refers to (crash leftovers); run at start-up. */
  async sweepOrphanFiles(graceMs = ORPHAN_GRACE_MS): Promise<string[]> {
    return sweepOrphanFiles(this.store.repos.uploads, this.media, {
      now: this.clock.now(),
      graceMs,
    });
  }
}
