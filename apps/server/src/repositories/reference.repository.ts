import type { Db } from '../db/database.js';

/** Each category's reference photos, the anchors of its display scores (set by the refit). */
export class ReferenceRepository {
  constructor(private readonly db: Db) {}

  async references(categoryId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('category_references')
      .select('photo_id')
      .where('category_id', '=', categoryId)
      .execute();
    return rows.map((row) => row.photo_id);
  }

  async setReferences(categoryId: number, photoIds: number[]): Promise<void> {
    await this.db.deleteFrom('category_references').where('category_id', '=', categoryId).execute();
    if (photoIds.length === 0) return;
    await this.db
      .insertInto('category_references')
      .values(photoIds.map((photo_id) => ({ category_id: categoryId, photo_id })))
      .execute();
  }
}
