import type { Category } from '@yanzhi/contract';
import type { CategorySetting } from '../config.js';
import type { Clock } from '../domain/clock.js';
import type { Store } from '../repositories/store.js';

/** The categories a new installation starts with (DESIGN: 女生 / 男生 / 明星 / AI). */
export const DEFAULT_CATEGORIES: readonly CategorySetting[] = [
  { slug: 'female', name: '女生', name_en: 'Women' },
  { slug: 'male', name: '男生', name_en: 'Men' },
  { slug: 'celebrity', name: '明星', name_en: 'Celebrities' },
  { slug: 'ai', name: 'AI', name_en: 'AI' },
];

export class CategoryService {
  constructor(
    private readonly store: Store<'categories'>,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<Category[]> {
    const rows = await this.store.repos.categories.listActive();
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      name_en: row.name_en,
      sort_order: row.sort_order,
      photo_count: row.photo_count,
    }));
  }

  /** Every category, active or not, for the admin CLI. */
  listAll() {
    return this.store.repos.categories.listAll();
  }

  /** Adds a category or renames an existing one (admin CLI); it becomes active. */
  async save(setting: CategorySetting & { sort_order?: number }) {
    const existing = await this.store.repos.categories.findBySlug(setting.slug);
    const sortOrder =
      setting.sort_order ??
      existing?.sort_order ??
      (await this.store.repos.categories.listAll()).reduce(
        (max, row) => Math.max(max, row.sort_order),
        0,
      ) + 10;
    return this.store.repos.categories.upsert(
      { ...setting, sort_order: sortOrder },
      this.clock.now(),
    );
  }

  /** Hides a category from the app (or shows it again); its photos and history stay. */
  setActive(slug: string, active: boolean): Promise<boolean> {
    return this.store.repos.categories.setActive(slug, active, this.clock.now());
  }

  /**
   * Applies the configured category list: given settings make the whole list (others are
   * deactivated, never deleted, so their photos and history stay); without settings, a new
   * database gets the defaults and an existing one keeps what the admin CLI made.
   */
  async applyConfiguration(settings: readonly CategorySetting[] | undefined): Promise<void> {
    const now = this.clock.now();
    if (settings === undefined) {
      if ((await this.store.repos.categories.count()) > 0) return;
      settings = DEFAULT_CATEGORIES;
    }
    for (const [index, setting] of settings.entries()) {
      await this.store.repos.categories.upsert({ ...setting, sort_order: (index + 1) * 10 }, now);
    }
    await this.store.repos.categories.deactivateOthers(
      settings.map((setting) => setting.slug),
      now,
    );
  }
}
