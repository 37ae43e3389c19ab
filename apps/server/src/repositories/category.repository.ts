import { PreparedQuery } from '../db/prepared-query.js';
import type { Db } from '../db/database.js';
import type { CategoryRow } from '../db/schema.js';

export interface CategoryWithCount extends CategoryRow {
  photo_count: number;
}

export interface CategoryInput {
  slug: string;
  name: string;
  name_en: string;
  sort_order: number;
}

/** Every pair fetch and vote asks (a prepared query, ADR 0021). */
const FIND_ACTIVE = new PreparedQuery<[id: number], CategoryRow>((db, arg) =>
  db.selectFrom('categories').selectAll().where('id', '=', arg(0)).where('is_active', '=', 1),
);

/** The app's category list, asked for by every page load: built and compiled once (ADR 0021). */
const LIST_ACTIVE = new PreparedQuery<[], CategoryWithCount>((db) =>
  db
    .selectFrom('categories as c')
    .leftJoin('photos as p', (join) =>
      join.onRef('p.category_id', '=', 'c.id').on('p.state', '=', 'active'),
    )
    .selectAll('c')
    .select((eb) => eb.fn.count<number>('p.id').as('photo_count'))
    .where('c.is_active', '=', 1)
    .groupBy('c.id')
    .orderBy('c.sort_order')
    .orderBy('c.id'),
);

export class CategoryRepository {
  constructor(private readonly db: Db) {}

  /** Active categories in display order, each with its number of active photos. */
  async listActive(): Promise<CategoryWithCount[]> {
    return LIST_ACTIVE.rows(this.db);
  }

  listAll(): Promise<CategoryRow[]> {
    return this.db
      .selectFrom('categories')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  findActive(id: number): Promise<CategoryRow | undefined> {
    return FIND_ACTIVE.first(this.db, id);
  }

  findBySlug(slug: string): Promise<CategoryRow | undefined> {
    return this.db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Creates the category or updates its names and order; it becomes active. */
  async upsert(input: CategoryInput, now: number): Promise<CategoryRow> {
    return this.db
      .insertInto('categories')
      .values({ ...input, is_active: 1, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet({
          name: input.name,
          name_en: input.name_en,
          sort_order: input.sort_order,
          is_active: 1,
          updated_at: now,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setActive(slug: string, active: boolean, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('categories')
      .set({ is_active: active ? 1 : 0, updated_at: now })
      .where('slug', '=', slug)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deactivates every category whose slug is not listed (configuration is the whole list). */
  async deactivateOthers(keepSlugs: string[], now: number): Promise<void> {
    await this.db
      .updateTable('categories')
      .set({ is_active: 0, updated_at: now })
      .where('slug', 'not in', keepSlugs)
      .execute();
  }
}
