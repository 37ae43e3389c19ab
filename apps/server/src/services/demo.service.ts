import type { Clock } from '../domain/clock.js';
import type { CategoryRepository } from '../repositories/category.repository.js';
import type { MediaRepository } from '../repositories/media.repository.js';
import type { PhotoRepository } from '../repositories/photo.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import { renderDemoPortraitSvg, type DemoCategorySlug } from '../seed/demo-portraits.js';

const DEMO_STATE_KEY = 'demo_state';
const DEMO_STYLES: readonly DemoCategorySlug[] = ['female', 'male', 'celebrity', 'ai'];

/** Demo owners: clearly marked demo accounts, never real people. */
const DEMO_NICKNAMES = [
  '演示·小鹿',
  '演示·阿杰',
  '演示·糖糖',
  '演示·大海',
  '演示·月半',
  '演示·星河',
  '演示·晴天',
  '演示·可乐',
  '演示·木木',
  '演示·北辰',
  '演示·橙子',
  '演示·云朵',
];

export type DemoSeedPolicy = boolean | undefined;

export interface DemoSeedResult {
  seeded: boolean;
  photosCreated: number;
}

export class DemoService {
  constructor(
    private readonly users: UserRepository,
    private readonly photos: PhotoRepository,
    private readonly categories: CategoryRepository,
    private readonly media: MediaRepository,
    private readonly settings: SettingsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Seeds demo photos per SEED_DEMO: `false` never; `true` always (tops up what is missing);
   * unset: only into a new database, then keeps topping up an interrupted seed, and never
   * again once the demo data was removed.
   */
  async seedIfWanted(policy: DemoSeedPolicy, perCategory: number): Promise<DemoSeedResult> {
    if (policy === false) return { seeded: false, photosCreated: 0 };
    if (policy === undefined) {
      const state = await this.settings.get(DEMO_STATE_KEY);
      if (state === 'removed') return { seeded: false, photosCreated: 0 };
      if (state === undefined && (await this.photos.countNonDemo()) > 0) {
        return { seeded: false, photosCreated: 0 };
      }
    }
    await this.settings.set(DEMO_STATE_KEY, 'seeded', this.clock.now());
    return { seeded: true, photosCreated: await this.seed(perCategory) };
  }

  /** Creates the missing demo photos of every active category; returns how many it made. */
  async seed(perCategory: number): Promise<number> {
    const owners = await this.ensureDemoUsers();
    const categories = await this.categories.listActive();
    let created = 0;
    for (const [categoryIndex, category] of categories.entries()) {
      const style = (DEMO_STYLES as readonly string[]).includes(category.slug)
        ? (category.slug as DemoCategorySlug)
        : (DEMO_STYLES[categoryIndex % DEMO_STYLES.length] ?? 'ai');
      const existing = await this.photos.countDemoInCategory(category.id);
      for (let index = existing; index < perCategory; index += 1) {
        const owner = owners[(index + categoryIndex) % owners.length];
        if (!owner) throw new Error('no demo owner');
        await this.createDemoPhoto(owner.id, category.id, style, category.id * 1000 + index);
        created += 1;
      }
    }
    return created;
  }

  private async createDemoPhoto(
    ownerId: number,
    categoryId: number,
    style: DemoCategorySlug,
    seed: number,
  ): Promise<void> {
    const svg = renderDemoPortraitSvg(style, seed);
    const stored = await this.media.storePhotoVariants(Buffer.from(svg));
    const now = this.clock.now();
    try {
      await this.photos.insert({
        user_id: ownerId,
        category_id: categoryId,
        state: 'active',
        width: stored.width,
        height: stored.height,
        placeholder: stored.placeholder,
        display_key: stored.display_key,
        thumb_key: stored.thumb_key,
        phash: null,
        is_demo: 1,
        created_at: now,
        published_at: now,
        updated_at: now,
      });
    } catch (error) {
      await this.media.deleteKeys([stored.display_key, stored.thumb_key]);
      throw error;
    }
  }

  private async ensureDemoUsers() {
    const existing = await this.users.listDemoUsers();
    const now = this.clock.now();
    for (const nickname of DEMO_NICKNAMES.slice(existing.length)) {
      existing.push(
        await this.users.create({
          nickname,
          avatar_url: null,
          role: 'user',
          status: 'active',
          host_user_id: null,
          device_id: null,
          is_device_account: 0,
          is_demo: 1,
          created_at: now,
          updated_at: now,
        }),
      );
    }
    return existing;
  }

  /** Removes every demo photo, its files and the demo accounts, for good. */
  async remove(): Promise<{ photos: number; users: number }> {
    const files = await this.photos.listDemoFileKeys();
    const photos = await this.photos.deleteDemo();
    const users = await this.users.deleteDemoUsers();
    await this.media.deleteKeys(files.flatMap((file) => [file.display_key, file.thumb_key]));
    await this.settings.set(DEMO_STATE_KEY, 'removed', this.clock.now());
    return { photos, users };
  }
}
