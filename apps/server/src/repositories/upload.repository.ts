import type { Db } from '../db/database.js';
import type { NewPhoto, PhotoRow } from '../db/schema.js';
import { hasRowLocks } from '../db/transaction.js';
import { photoFileKeys, type MediaRepository } from './media.repository.js';

export type MyPhotoRow = Pick<
  PhotoRow,
  | 'id'
  | 'category_id'
  | 'state'
  | 'current_score'
  | 'provisional'
  | 'mu'
  | 'sigma2'
  | 'comparisons'
  | 'wins'
  | 'width'
  | 'height'
  | 'placeholder'
  | 'display_key'
  | 'medium_key'
  | 'thumb_key'
  | 'boost_remaining'
  | 'boost_bought'
  | 'state_reason'
  | 'created_at'
  | 'published_at'
>;

const MY_PHOTO_COLUMNS = [
  'id',
  'category_id',
  'state',
  'current_score',
  'provisional',
  'mu',
  'sigma2',
  'comparisons',
  'wins',
  'width',
  'height',
  'placeholder',
  'display_key',
  'medium_key',
  'thumb_key',
  'boost_remaining',
  'boost_bought',
  'state_reason',
  'created_at',
  'published_at',
] as const;

/** Uploaded photos: the rows an upload writes and reads, and the media files they own. */
export class UploadRepository {
  constructor(private readonly db: Db) {}

  /**
   * Serialises one owner's uploads until the surrounding transaction ends, so two copies of
   * the same image sent at once cannot both pass the duplicate check. SQLite needs no lock:
   * its writers already run one at a time.
   */
  async lockOwner(userId: number): Promise<void> {
    if (!hasRowLocks(this.db)) return;
    await this.db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }

  /** Perceptual hashes of the owner's photos that still exist (every state but deleted). */
  async ownerHashes(userId: number): Promise<{ id: number; phash: string }[]> {
    const rows = await this.db
      .selectFrom('photos')
      .select(['id', 'phash'])
      .where('user_id', '=', userId)
      .where('state', '!=', 'deleted')
      .where('phash', 'is not', null)
      .execute();
    return rows.flatMap((row) => (row.phash === null ? [] : [{ id: row.id, phash: row.phash }]));
  }

  insertPhoto(photo: NewPhoto): Promise<PhotoRow> {
    return this.db.insertInto('photos').values(photo).returningAll().executeTakeFirstOrThrow();
  }

  /** The user's photos that are not deleted (their profile's count; what a lost account strands). */
  async countMine(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('state', '!=', 'deleted')
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** The longest current win run among the owner's photos; null when they have none. */
  async bestWinStreak(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('photos')
      .select((eb) => eb.fn.max('win_streak').as('best'))
      .where('user_id', '=', userId)
      .where('state', '!=', 'deleted')
      .executeTakeFirst();
    return row?.best ?? null;
  }

  /** The owner's photos, best first (score, then newest). */
  listMine(userId: number, limit: number, offset: number): Promise<MyPhotoRow[]> {
    return this.db
      .selectFrom('photos')
      .select(MY_PHOTO_COLUMNS)
      .where('user_id', '=', userId)
      .where('state', '!=', 'deleted')
      .orderBy('current_score', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /**
   * Which of these media keys a photo that is not deleted refers to. A deleted photo's row is a
   * tombstone that still names its files; they are removed right after the row is marked, but a
   * crash in between would otherwise keep them for ever (found by the fault test, ADR 0011).
   */
  async referencedKeys(keys: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let start = 0; start < keys.length; start += 400) {
      const batch = keys.slice(start, start + 400);
      const rows = await this.db
        .selectFrom('photos')
        .select(['display_key', 'medium_key', 'thumb_key'])
        .where('state', '<>', 'deleted')
        .where((eb) =>
          eb.or([
            eb('display_key', 'in', batch),
            eb('medium_key', 'in', batch),
            eb('thumb_key', 'in', batch),
          ]),
        )
        .execute();
      for (const row of rows) for (const key of photoFileKeys(row)) found.add(key);
    }
    return found;
  }
}

/**
 * Deletes files under media/photos/ that no live photo row refers to and that are older than the
 * grace period: the leftovers of a crash between writing an upload's files and inserting its
 * row, or between marking a photo deleted and removing its files (and half-written `.tmp`
 * files). The grace period spares uploads still in flight. Returns the keys removed.
 */
export async function sweepOrphanFiles(
  uploads: UploadRepository,
  media: MediaRepository,
  options: { now: number; graceMs: number },
): Promise<string[]> {
  const removed: string[] = [];
  for await (const files of media.photoFileShards()) {
    const old = files.filter((file) => file.mtimeMs <= options.now - options.graceMs);
    if (old.length === 0) continue;
    const referenced = await uploads.referencedKeys(old.map((file) => file.key));
    const orphans = old.map((file) => file.key).filter((key) => !referenced.has(key));
    await media.deleteKeys(orphans);
    removed.push(...orphans);
  }
  return removed;
}
