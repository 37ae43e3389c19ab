import type { Db } from '../db/database.js';

/** An incremental refit's announcement: the photos it wrote, ascending. */
export interface RefitIncrement {
  id: number;
  photoIds: number[];
}

/**
 * The photos each incremental refit of a category wrote (ADR 0029): every process that keeps the
 * category in memory reads them again once it sees the row, the way it reads a vote's photos by
 * their `updated_at`. A full refit's stamp makes every process reload the category, so it drops
 * the rows before it.
 */
export class RefitIncrementRepository {
  constructor(private readonly db: Db) {}

  /**
   * `now` is kept as the row's `created_at` for whoever inspects the table (how often increments
   * ran, how large they were); the processes themselves follow the ids.
   */
  async record(categoryId: number, photoIds: readonly number[], now: number): Promise<void> {
    await this.db
      .insertInto('refit_increments')
      .values({ category_id: categoryId, photo_ids: JSON.stringify(photoIds), created_at: now })
      .execute();
  }

  /**
   * The newest increment of a category (0 when none): where a process that loads the category
   * starts following them. Ids are never reused, so one dropped by a full refit stays behind it.
   */
  async latest(categoryId: number): Promise<number> {
    const row = await this.db
      .selectFrom('refit_increments')
      .select('id')
      .where('category_id', '=', categoryId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? 0;
  }

  /**
   * The increments of a category after `afterId`, oldest first (refit_increments_category_idx).
   * One refit of a category runs at a time (its lease) and writes its row last, so ids commit in
   * order: none after `afterId` can appear later below one already read.
   */
  async after(categoryId: number, afterId: number): Promise<RefitIncrement[]> {
    const rows = await this.db
      .selectFrom('refit_increments')
      .select(['id', 'photo_ids'])
      .where('category_id', '=', categoryId)
      .where('id', '>', afterId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, photoIds: photoIdsOf(row.photo_ids) }));
  }

  /** Drops a category's increments: a full refit's stamp reloads every process instead. */
  async forget(categoryId: number): Promise<void> {
    await this.db.deleteFrom('refit_increments').where('category_id', '=', categoryId).execute();
  }
}

function photoIdsOf(text: string): number[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((id) => Number.isSafeInteger(id))) {
    throw new Error('refit_increments.photo_ids is not a list of ids');
  }
  return parsed as number[];
}
