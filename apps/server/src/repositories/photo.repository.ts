import type { Db } from '../db/database.js';
import type { NewPhoto, PhotoRow } from '../db/schema.js';
import { hasRowLocks } from '../db/transaction.js';

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

  async markDeleted(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('photos')
      .set({ state: 'deleted', boost_remaining: 0, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async addBoost(id: number, exposures: number, now: number): Promise<number> {
    const row = await this.db
      .updateTable('photos')
      .set((eb) => ({ boost_remaining: eb('boost_remaining', '+', exposures), updated_at: now }))
      .where('id', '=', id)
      .returning('boost_remaining')
      .executeTakeFirstOrThrow();
    return row.boost_remaining;
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
