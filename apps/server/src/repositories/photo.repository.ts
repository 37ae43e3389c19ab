import type { Db } from '../db/database.js';
import type { NewPhoto, PhotoRow } from '../db/schema.js';

export class PhotoRepository {
  constructor(private readonly db: Db) {}

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

  listDemoFileKeys(): Promise<Pick<PhotoRow, 'id' | 'display_key' | 'thumb_key'>[]> {
    return this.db
      .selectFrom('photos')
      .select(['id', 'display_key', 'thumb_key'])
      .where('is_demo', '=', 1)
      .execute();
  }

  async deleteDemo(): Promise<number> {
    const result = await this.db.deleteFrom('photos').where('is_demo', '=', 1).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
