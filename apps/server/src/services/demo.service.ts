import type { Clock } from '../domain/clock.js';
import type { ImageRepository } from '../repositories/image.repository.js';
import { photoFileKeys, type MediaRepository } from '../repositories/media.repository.js';
import { randomBytes } from 'node:crypto';
import { seededRng, sigmoid } from '../domain/rating/index.js';
import type { Store } from '../repositories/store.js';
import type { IdentityService } from './identity.service.js';
import {
  demoAppeal,
  renderDemoPortraitSvg,
  type DemoCategorySlug,
} from '../seed/demo-portraits.js';

const DEMO_STATE_KEY = 'demo_state';
/** Demo voters' keys start with this; removing the demo removes them and their votes. */
const DEMO_VOTER_PREFIX = 'd:';
const DEMO_VOTERS = 24;
/** Simulated comparisons per new demo photo: enough for the first scores to settle. */
const DEMO_COMPARISONS_PER_PHOTO = 40;
const DEMO_STYLES: readonly DemoCategorySlug[] = ['female', 'male', 'celebrity', 'ai'];

/**
 * Demo owners: clearly marked demo accounts, never real people. Each demo photo of a category
 * has an owner of its own, so no name repeats on a board (issue 17); past these names a round
 * number is added ("演示·小鹿2").
 */
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
  '演示·小满',
  '演示·阿宁',
  '演示·栗子',
  '演示·远山',
  '演示·青柠',
  '演示·南风',
  '演示·豆豆',
  '演示·初夏',
  '演示·一帆',
  '演示·芒果',
  '演示·松果',
  '演示·白露',
];

/** The demo owner name at `index`: unique for every index. */
export function demoNickname(index: number): string {
  const base = DEMO_NICKNAMES[index % DEMO_NICKNAMES.length] ?? '演示';
  const round = Math.floor(index / DEMO_NICKNAMES.length);
  return round === 0 ? base : `${base}${round + 1}`;
}

export type DemoSeedPolicy = boolean | undefined;

export interface DemoSeedResult {
  seeded: boolean;
  photosCreated: number;
}

export class DemoService {
  constructor(
    private readonly store: Store<
      'categories' | 'photos' | 'ratings' | 'settings' | 'users' | 'voters' | 'votes'
    >,
    private readonly identity: IdentityService,
    private readonly media: MediaRepository,
    private readonly images: ImageRepository,
    private readonly clock: Clock,
  ) {}

  private get photos() {
    return this.store.repos.photos;
  }

  private get settings() {
    return this.store.repos.settings;
  }

  private get users() {
    return this.store.repos.users;
  }

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

  /**
   * Creates the missing demo photos of every active category, then simulates demo voters
   * comparing them by each portrait's hidden appeal, so scores start spread out; returns how
   * many photos it made. The caller runs a refit afterwards to turn the votes into scores.
   */
  async seed(perCategory: number): Promise<number> {
    const owners = await this.ensureDemoUsers(perCategory);
    const categories = await this.store.repos.categories.listActive();
    let created = 0;
    for (const [categoryIndex, category] of categories.entries()) {
      const style = (DEMO_STYLES as readonly string[]).includes(category.slug)
        ? (category.slug as DemoCategorySlug)
        : (DEMO_STYLES[categoryIndex % DEMO_STYLES.length] ?? 'ai');
      const existing = await this.photos.countDemoInCategory(category.id);
      const made: { id: number; appeal: number }[] = [];
      for (let index = existing; index < perCategory; index += 1) {
        // At least as many owners as photos in a category: each photo there has its own.
        const owner = owners[(index + categoryIndex) % owners.length];
        if (!owner) throw new Error('no demo owner');
        const seed = category.id * 1000 + index;
        const id = await this.createDemoPhoto(owner.id, category.id, style, seed, index);
        made.push({ id, appeal: demoAppeal(style, seed) });
      }
      await this.simulateVotes(category.id, made);
      created += made.length;
    }
    return created;
  }

  /**
   * Demo voters compare the new demo photos: each vote follows Bradley-Terry on the portraits'
   * hidden appeal (deterministic), and is stored like any vote, so the refit scores them.
   */
  private async simulateVotes(
    categoryId: number,
    photos: readonly { id: number; appeal: number }[],
  ): Promise<void> {
    if (photos.length < 2) return;
    const rng = seededRng(categoryId * 7919 + photos.length);
    const now = this.clock.now();
    await this.store.transaction(async ({ voters, votes, ratings }) => {
      const voterIds: number[] = [];
      for (let index = 0; index < DEMO_VOTERS; index += 1) {
        voterIds.push((await voters.findOrCreate(`${DEMO_VOTER_PREFIX}${index}`, null, now)).id);
      }
      const judged = new Set<string>();
      const tally = new Map(photos.map((photo) => [photo.id, { comparisons: 0, wins: 0 }]));
      const votesWanted = Math.floor((photos.length * DEMO_COMPARISONS_PER_PHOTO) / 2);
      for (let attempt = 0; attempt < votesWanted * 3 && judged.size < votesWanted; attempt += 1) {
        const a = photos[Math.floor(rng() * photos.length)];
        const b = photos[Math.floor(rng() * photos.length)];
        const voterId = voterIds[Math.floor(rng() * voterIds.length)];
        if (!a || !b || a.id === b.id || voterId === undefined) continue;
        const [lo, hi] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
        const key = `${voterId}:${lo}:${hi}`;
        if (judged.has(key)) continue;
        judged.add(key);
        // Appeal 0..1 spread to strengths −2..2: clear favourites, still some upsets.
        const aWins = rng() < sigmoid(4 * (a.appeal - b.appeal));
        const [winner, loser] = aWins ? [a, b] : [b, a];
        await votes.insertVote({
          pair_id: `demo:${randomBytes(12).toString('base64url')}`,
          category_id: categoryId,
          voter_id: voterId,
          user_id: null,
          winner_photo_id: winner.id,
          loser_photo_id: loser.id,
          photo_lo: lo,
          photo_hi: hi,
          side: rng() < 0.5 ? 'left' : 'right',
          kind: 'random',
          dwell_ms: 2000,
          weight: 1,
          gold: null,
          fuel_earned: 0,
          winner_score_before: 550,
          winner_score_after: 550,
          loser_score_before: 550,
          loser_score_after: 550,
          created_at: now,
        });
        const won = tally.get(winner.id);
        const lost = tally.get(loser.id);
        if (won) Object.assign(won, { comparisons: won.comparisons + 1, wins: won.wins + 1 });
        if (lost) lost.comparisons += 1;
      }
      for (const [id, counts] of tally) await ratings.updatePhoto(id, counts, now);
    });
  }

  private async createDemoPhoto(
    ownerId: number,
    categoryId: number,
    style: DemoCategorySlug,
    seed: number,
    index: number,
  ): Promise<number> {
    const svg = renderDemoPortraitSvg(style, seed);
    const rendered = await this.images.renderPhotoVariants(Buffer.from(svg));
    const keys = await this.media.writePhotoVariants(rendered);
    const now = this.clock.now();
    const publishedAt = now - demoAgeMs(index);
    try {
      const photo = await this.photos.insert({
        user_id: ownerId,
        category_id: categoryId,
        state: 'active',
        width: rendered.width,
        height: rendered.height,
        placeholder: rendered.placeholder,
        ...keys,
        phash: null,
        is_demo: 1,
        created_at: publishedAt,
        published_at: publishedAt,
        updated_at: now,
      });
      return photo.id;
    } catch (error) {
      await this.media.deleteKeys(photoFileKeys(keys));
      throw error;
    }
  }

  /** The demo owners, at least `count` of them, each with a name of its own. */
  private async ensureDemoUsers(count: number) {
    const existing = await this.users.listDemoUsers();
    const now = this.clock.now();
    for (let index = existing.length; index < count; index += 1) {
      const nickname = demoNickname(index);
      existing.push(
        await this.identity.createUser({
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
    await this.store.repos.voters.deleteWithVotes(DEMO_VOTER_PREFIX);
    const photos = await this.photos.deleteDemo();
    const users = await this.users.deleteDemoUsers();
    await this.media.deleteKeys(files.flatMap(photoFileKeys));
    await this.settings.set(DEMO_STATE_KEY, 'removed', this.clock.now());
    return { photos, users };
  }
}

/**
 * How long ago the demo photo at `index` of its category was published: a quarter within the
 * last half hour, the rest over the previous six weeks, so the day, week, month and past-period
 * boards all have photos on a new installation.
 */
export function demoAgeMs(index: number): number {
  if (index % 4 === 0) return ((index / 4) % 30) * 60_000;
  const days = 1 + ((index * 11) % 40);
  return days * 86_400_000 + (index % 12) * 3_600_000;
}
