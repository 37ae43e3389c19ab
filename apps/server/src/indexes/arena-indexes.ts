import type { Clock } from '../domain/clock.js';
import { CategoryIndex, type IndexedPhoto, type RatingParams } from '../domain/rating/index.js';
import type { IndexRow, StatedIndexRow } from '../repositories/rating.repository.js';
import type { Store } from '../repositories/store.js';
import { yieldToEventLoop } from '../lib/event-loop.js';
import { followChanges, type ChangePosition } from './follow-changes.js';

export interface CategoryState {
  index: CategoryIndex;
  /** μ of the category's frozen reference set; scores are win rates against it. */
  referenceMus: number[];
}

/** Where the indexes learn of writes made by other processes (other instances, the CLI). */
export interface ChangeFeed {
  clock: Clock;
  /** The key a refit stamps for a category (every process reloads that category). */
  stampKey: (categoryId: number) => string;
  /** How often a category looks for changes (ms). */
  intervalMs: number;
}

interface Tracked extends ChangePosition {
  state: CategoryState;
  refitStamp: string | undefined;
  syncedAt: number;
}

/** Photos read and indexed per step of a load, between which other work runs. */
const LOAD_CHUNK = 2000;
/** A refit here, carried into the category's index as its rows are written (beginRefit). */
export interface IndexRefit {
  /** The refit's μ and σ² of photos whose rows were just written (inactive ones are skipped). */
  apply(rows: readonly { id: number; mu: number; sigma2: number }[]): void;
  /** Every row and the stamp are written: the new reference set, and that stamp. */
  finish(referenceMus: number[], refitStamp: string): Promise<void>;
  /** The write failed: what was applied stays (the database has it too). */
  abandon(): void;
}

/** Ignores how a promise settled (its failure reached whoever awaited it). */
const settled = () => undefined;
function indexed(row: IndexRow) {
  return {
    id: String(row.id),
    ownerId: String(row.user_id),
    mu: row.mu,
    sigma2: row.sigma2,
    comparisons: row.comparisons,
    boostRemaining: row.boost_remaining,
    boostBought: row.boost_bought,
    boostStartedAt: row.boost_started_at,
    boostServed: row.boost_served,
  };
}

/** Whether the index already holds exactly this entry. */
function sameEntry(held: IndexedPhoto | undefined, entry: IndexedPhoto): boolean {
  return (
    held !== undefined &&
    held.ownerId === entry.ownerId &&
    held.mu === entry.mu &&
    held.sigma2 === entry.sigma2 &&
    held.comparisons === entry.comparisons &&
    held.boostRemaining === entry.boostRemaining &&
    held.boostBought === entry.boostBought &&
    held.boostStartedAt === entry.boostStartedAt &&
    held.boostServed === entry.boostServed
  );
}

/**
 * The per-category pairing indexes this process keeps in memory (DESIGN §5): loaded from the
 * database once, kept current by every vote and every refit here, and brought up
 * to date every few seconds from the photos other processes wrote (their `updated_at`, and the
 * lists of incremental refits: followChanges), so a pair request never scans the category and
 * several instances serve the same photos.
 */
export class ArenaIndexes {
  private readonly states = new Map<number, Promise<Tracked>>();
  private readonly looking = new Map<number, Promise<void>>();
  private readonly reloading = new Map<number, Promise<void>>();
  /** Categories a refit here is writing: their new stamp is this process's own, not news. */
  private readonly refitting = new Set<number>();

  constructor(
    private readonly store: Store<
      'photos' | 'ratings' | 'references' | 'refitIncrements' | 'settings'
    >,
    private readonly params: RatingParams,
    private readonly feed: ChangeFeed,
  ) {}

  /**
   * The category's state as this process has it. Safe inside a transaction once loaded (it reads
   * nothing then); the pair request, outside any transaction, calls `current` instead.
   */
  async get(categoryId: number): Promise<CategoryState> {
    return (await this.tracked(categoryId)).state;
  }

  /**
   * The category's state brought up to date with other processes' writes when the last look is
   * older than the feed's interval. Never call it inside a transaction: it reads through the
   * root connection.
   */
  async current(categoryId: number): Promise<CategoryState> {
    const tracked = await this.tracked(categoryId);
    if (this.feed.clock.now() - tracked.syncedAt >= this.feed.intervalMs) {
      // A look under way (pages of many changes) does not hold this request up.
      if (!this.looking.has(categoryId)) {
        let firstPage: () => void = settled;
        const read = new Promise<void>((resolve) => (firstPage = resolve));
        const look = this.look(categoryId, tracked, firstPage);
        this.looking.set(
          categoryId,
          look.then(settled, settled).finally(() => this.looking.delete(categoryId)),
        );
        // This request waits for the look, or for its first page when more follow, and sees
        // its failure if it fails before.
        await Promise.race([read, look]);
      }
    }
    return (await this.tracked(categoryId)).state;
  }

  /**
   * Puts an active photo of the category into its index if the index lacks it: a "来比一比" link
   * may name a photo uploaded a moment ago through another instance (this one learns of it within
   * the feed's interval) or just before a reload of this index replaced the state it was added
   * to. The voter asked for that photo, so one read by primary key beats serving another pair.
   * Call it outside any transaction, as `current`.
   */
  async include(categoryId: number, photoId: number): Promise<void> {
    const { index } = (await this.tracked(categoryId)).state;
    if (index.has(String(photoId))) return;
    const row = await this.store.repos.ratings.activeIndexRow(categoryId, photoId);
    // The state may have been replaced during the read: add it to the one in place now.
    if (row !== undefined) (await this.tracked(categoryId)).state.index.upsert(indexed(row));
  }

  private tracked(categoryId: number): Promise<Tracked> {
    let tracked = this.states.get(categoryId);
    if (!tracked) {
      const loading = this.load(categoryId);
      tracked = loading;
      this.states.set(categoryId, loading);
      loading.catch(() => {
        if (this.states.get(categoryId) === loading) this.states.delete(categoryId);
      });
    }
    return tracked;
  }

  /**
   * Takes a refit here into the category's index in place, as its rows are written: no second
   * index of the category is built and nothing is read again. Each `apply` runs right after the
   * statement that wrote those rows, so the index holds what the database holds, and a vote
   * made since lands on top of the refit's values in both. When the category is not loaded
   * here, nothing is done; when its state was replaced meanwhile (a reload after another
   * process's refit, an invalidation), `finish` reloads it. Either `finish` or `abandon` must
   * follow.
   */
  async beginRefit(categoryId: number): Promise<IndexRefit> {
    this.refitting.add(categoryId);
    const entry = this.states.get(categoryId);
    const tracked = entry ? await entry.catch(() => null) : null;
    const current = () => tracked !== null && this.states.get(categoryId) === entry;
    return {
      apply: (rows) => {
        if (!current() || tracked === null) return;
        const { index } = tracked.state;
        for (const row of rows) index.update(String(row.id), { mu: row.mu, sigma2: row.sigma2 });
      },
      finish: async (referenceMus, refitStamp) => {
        this.refitting.delete(categoryId);
        if (current() && tracked !== null) {
          tracked.state.referenceMus = referenceMus;
          tracked.refitStamp = refitStamp;
        } else if (entry !== undefined) {
          await this.reload(categoryId);
        }
      },
      abandon: () => {
        this.refitting.delete(categoryId);
      },
    };
  }

  /**
   * Reloads a category, while requests go on with the state they have, and resolves once the new
   * state is in place. A reload already under way (after another process's refit) finishes
   * first, so it cannot replace the newer state afterwards.
   */
  async reload(categoryId: number): Promise<void> {
    await this.reloading.get(categoryId);
    const reload = this.load(categoryId)
      .then((reloaded) => {
        this.states.set(categoryId, Promise.resolve(reloaded));
      })
      .finally(() => this.reloading.delete(categoryId));
    this.reloading.set(categoryId, reload);
    await reload;
  }

  /** Forgets every category (e.g. after a ban took photos out of several). */
  invalidateAll(): void {
    this.states.clear();
  }

  /** Forgets a category; the next request reloads it from the database. */
  invalidate(categoryId: number): void {
    this.states.delete(categoryId);
  }

  private async load(categoryId: number): Promise<Tracked> {
    const now = this.feed.clock.now();
    const refitStamp = await this.store.repos.settings.get(this.feed.stampKey(categoryId));
    const cursor = await this.store.repos.photos.latestUpdate(categoryId);
    const increment = await this.store.repos.refitIncrements.latest(categoryId);
    // In chunks that yield: a million photos take seconds to read and index, and SQLite answers
    // synchronously, so one read would hold the event loop all that time.
    const index = new CategoryIndex(this.params);
    for (let after = 0; ;) {
      const rows = await this.store.repos.ratings.indexRowsAfter(categoryId, after, LOAD_CHUNK);
      for (const row of rows) index.upsert(indexed(row));
      await yieldToEventLoop();
      const last = rows.at(-1);
      if (last === undefined || rows.length < LOAD_CHUNK) break;
      after = last.id;
    }
    const referenceIds = await this.store.repos.references.references(categoryId);
    const referenceMus = referenceIds
      .map((id) => index.get(String(id))?.mu)
      .filter((mu): mu is number => mu !== undefined);
    return { state: { index, referenceMus }, refitStamp, cursor, increment, syncedAt: now };
  }

  /**
   * Reloads a category after another process's refit while requests go on with the state they
   * have: a category of a million photos takes seconds to load, and no pair request waits for it
   * (the running leaderboards do the same). A refit here in the meantime wins.
   */
  private reloadInBackground(categoryId: number): void {
    if (this.reloading.has(categoryId)) return;
    const before = this.states.get(categoryId);
    const reload = this.load(categoryId)
      .then((reloaded) => {
        if (this.states.get(categoryId) === before) {
          this.states.set(categoryId, Promise.resolve(reloaded));
        }
      })
      .catch(() => undefined)
      .finally(() => this.reloading.delete(categoryId));
    this.reloading.set(categoryId, reload);
  }

  /**
   * Applies what other processes wrote since the last look, or starts a reload after their
   * refit; resolves when the reload (if any) is on its way, not when it is done.
   */
  private async look(categoryId: number, tracked: Tracked, firstPage: () => void): Promise<void> {
    const now = this.feed.clock.now();
    const stamp = await this.store.repos.settings.get(this.feed.stampKey(categoryId));
    if (stamp !== tracked.refitStamp && !this.refitting.has(categoryId)) {
      tracked.syncedAt = now;
      this.reloadInBackground(categoryId);
      return;
    }
    const { index } = tracked.state;
    const found = await followChanges({
      source: {
        increments: (afterId) => this.store.repos.refitIncrements.after(categoryId, afterId),
        rowsOf: (ids) => this.store.repos.ratings.indexRowsOf(categoryId, ids),
        changedSince: (since, afterId, limit) =>
          this.store.repos.ratings.changedIndexRows(categoryId, since, afterId, limit),
      },
      position: tracked,
      apply: (row: StatedIndexRow) => {
        if (row.state === 'active') {
          // A look re-reads its overlap: a row it applied already moves nothing.
          const entry = indexed(row);
          if (!sameEntry(index.get(entry.id), entry)) index.upsert(entry);
        } else index.remove(String(row.id));
      },
      size: index.size,
      onPage: firstPage,
    });
    if (found === 'reload') this.reloadInBackground(categoryId);
    tracked.syncedAt = now;
  }
}
