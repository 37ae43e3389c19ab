import { CategoryIndex, referenceWinRate, type RatingParams } from '../domain/rating/index.js';
import type { ArenaRepository } from '../repositories/arena.repository.js';

export interface CategoryState {
  index: CategoryIndex;
  /** μ of the category's frozen reference set; scores are win rates against it. */
  referenceMus: number[];
}

/**
 * The per-category pairing indexes this process keeps in memory (DESIGN §5): loaded from the
 * database once, then kept current by every vote here and replaced by every refit, so a pair
 * request never scans the category.
 */
export class ArenaIndexes {
  private readonly states = new Map<number, Promise<CategoryState>>();

  constructor(
    private readonly arena: ArenaRepository,
    private readonly params: RatingParams,
  ) {}

  get(categoryId: number): Promise<CategoryState> {
    let state = this.states.get(categoryId);
    if (!state) {
      state = this.load(categoryId);
      this.states.set(categoryId, state);
      state.catch(() => this.states.delete(categoryId));
    }
    return state;
  }

  /** Replaces a category's state, e.g. after a refit. */
  set(categoryId: number, state: CategoryState): void {
    this.states.set(categoryId, Promise.resolve(state));
  }

  /** Forgets every category (e.g. after a ban took photos out of several). */
  invalidateAll(): void {
    this.states.clear();
  }

  /** Forgets a category; the next request reloads it from the database. */
  invalidate(categoryId: number): void {
    this.states.delete(categoryId);
  }

  private async load(categoryId: number): Promise<CategoryState> {
    const rows = await this.arena.listIndexRows(categoryId);
    const index = new CategoryIndex(
      this.params,
      rows.map((row) => ({
        id: String(row.id),
        ownerId: String(row.user_id),
        mu: row.mu,
        sigma2: row.sigma2,
        comparisons: row.comparisons,
        boostRemaining: row.boost_remaining,
      })),
    );
    const referenceIds = await this.arena.references(categoryId);
    const referenceMus = referenceIds
      .map((id) => index.get(String(id))?.mu)
      .filter((mu): mu is number => mu !== undefined);
    return { index, referenceMus };
  }
}

/**
 * The display score in hundredths: the win rate against the reference set mapped to 1-10. A
 * young category without established photos measures against the prior centre instead.
 */
export function scoreOf(mu: number, referenceMus: readonly number[], params: RatingParams): number {
  const references = referenceMus.length > 0 ? referenceMus : [params.priorMean];
  return 100 + Math.round(900 * referenceWinRate(mu, references));
}
