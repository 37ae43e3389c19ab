import type { Db } from '../db/database.js';
import type { NewPhoto, PhotoRow, UserRow } from '../db/schema.js';
import { hasRowLocks } from '../db/transaction.js';
import type { BoostRun } from '../domain/rating/index.js';

/** What a photo's public page shows of it and of its owner (the name the boards show). */
export type PublicPhotoRow = Pick<
  PhotoRow,
  | 'id'
  | 'user_id'
  | 'category_id'
  | 'state'
  | 'current_score'
  | 'provisional'
  | 'comparisons'
  | 'wins'
  | 'mu'
  | 'sigma2'
  | 'width'
  | 'height'
  | 'placeholder'
  | 'display_key'
  | 'medium_key'
  | 'thumb_key'
  | 'published_at'
  | 'created_at'
> & { owner_name: UserRow['nickname'] };

export class PhotoRepository {
  constructor(private readonly db: Db) {}

  /**
   * The newest write to any photo of a category (0 when it has none): where a process that
   * keeps the category in memory starts following its changes.
   */
  async latestUpdate(categoryId: number): Promise<number> {
    const row = await this.db
      .selectFrom('photos')
      .select((eb) => eb.fn.max('updated_at').as('latest'))
      .where('category_id', '=', categoryId)
      .executeTakeFirst();
    return row?.latest ?? 0;
  }

  /** A photo that has not been deleted, locked for the transaction on PostgreSQL. */
  async lockLive(id: number): Promise<PhotoRow | undefined> {
    let query = this.db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', id)
      .where('state', '!=', 'deleted');
    if (hasRowLocks(this.db)) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /** A photo that has not been deleted, with its owner's display name (its public page). */
  publicPhoto(id: number): Promise<PublicPhotoRow | undefined> {
    return this.db
      .selectFrom('photos')
      .innerJoin('users', 'users.id', 'photos.user_id')
      .select([
        'photos.id',
        'photos.user_id',
        'photos.category_id',
        'photos.state',
        'photos.current_score',
        'photos.provisional',
        'photos.comparisons',
        'photos.wins',
        'photos.mu',
        'photos.sigma2',
        'photos.width',
        'photos.height',
        'photos.placeholder',
        'photos.display_key',
        'photos.medium_key',
        'photos.thumb_key',
        'photos.published_at',
        'photos.created_at',
        'users.nickname as owner_name',
      ])
      .where('photos.id', '=', id)
      .where('photos.state', '!=', 'deleted')
      .executeTakeFirst();
  }

  async markDeleted(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('photos')
      .set({ state: 'deleted', boost_remaining: 0, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Writes a photo's boost run (the caller holds the photo's row, `lockLive`). */
  async saveBoost(id: number, run: BoostRun, now: number): Promise<void> {
    await this.db
      .updateTable('photos')
      .set({
        boost_remaining: run.remaining,
        boost_bought: run.bought,
        boost_started_at: run.startedAt,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  async insert(photo: NewPhoto): Promise<PhotoRow> {
    return this.db.insertInto('photos').values(photo).returningAll().executeTakeFirstOrThrow();
  }

  async countDemoInCategory(categoryId: number): Promise<number> {
    const row = await this.db
      .selectFrom('photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_demo', '=', 1)
      .where('category_id', '=', categoryId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async countNonDemo(): Promise<number> {
    const row = await this.db
      .selectFrom('photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_demo', '=', 0)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  listDemoFileKeys(): Promise<Pick<PhotoRow, 'id' | 'display_key' | 'medium_key' | 'thumb_key'>[]> {
    return this.db
      .selectFrom('photos')
      .select(['id', 'display_key', 'medium_key', 'thumb_key'])
      .where('is_demo', '=', 1)
      .execute();
  }

  async deleteDemo(): Promise<number> {
    const result = await this.db.deleteFrom('photos').where('is_demo', '=', 1).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
