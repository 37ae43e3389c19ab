/**
 * Sizes the chunks a refit writes so that each holds the event loop about a time budget (issue
 * 19: nothing a refit does may show in request latency). SQLite runs a statement and its commit
 * on the event loop, and what a row costs varies with the table, the indexes it touches, where
 * in them the rows fall and the machine: 500 photo rows took 55–80 ms here with their commit.
 * A fixed count either stalls requests or spends statements for nothing; so each chunk's time
 * (statement and commit, Store.settle) is measured and the next one sized from it. PostgreSQL
 * runs a statement in its own processes and commits each chunk, so there the count stays fixed
 * and large.
 */
import type { Store } from '../repositories/store.js';

export interface PacerLimits {
  /** Rows of the first chunk. */
  first: number;
  min: number;
  max: number;
  /** What a chunk may hold the event loop, in ms (Infinity: always `first`). */
  budgetMs: number;
  /** Rest after a chunk, as a multiple of its time (0: none). */
  rest?: number;
}

/** The longest rest after a chunk. */
const MAX_REST_MS = 50;

export class ChunkPacer {
  private size: number;
  /** The dearest cost of a row lately (ms), fading. */
  private costPerRow = 0;

  constructor(
    private readonly limits: PacerLimits,
    /**
     * Commits a chunk's writes (Store.settle) and answers how long the commit held the event
     * loop: part of the chunk's time, unlike the waits around it.
     */
    private readonly settle: () => Promise<number> = () => Promise.resolve(0),
  ) {
    this.size = limits.first;
  }

  /** Rows for the next chunk. */
  get rows(): number {
    return this.size;
  }

  /**
   * A chunk of `rows` rows took `ms`: the next is sized to the budget at the dearest cost per row
   * seen lately, which fades by a hundredth a chunk. A size learnt from the cheap chunks alone
   * would stall on the dear ones (a commit that finds more pages to write, a collection), and one
   * dear chunk does not shrink the chunks for good.
   */
  took(rows: number, ms: number): void {
    if (rows <= 0 || !Number.isFinite(this.limits.budgetMs)) return;
    const observed = Math.max(ms, 0.01) / rows;
    this.costPerRow = Math.max(observed, this.costPerRow * 0.99);
    // At most twice the last: a cost learnt on small chunks says little about much larger ones.
    const next = Math.min(2 * rows, Math.round(this.limits.budgetMs / this.costPerRow));
    this.size = Math.min(this.limits.max, Math.max(this.limits.min, next));
  }

  /**
   * Runs `work` on the next chunk's rows and commits it, learns from the time of both, then rests
   * as long as they took (`limits.rest` times): a refit is background work, and back-to-back
   * chunks of 8 ms still left requests a fifth of the event loop (bench:scale's profile of an
   * incremental refit under load: 80% busy, p99 0.36 s).
   *
   * `work` calls `begin` once it holds the database (first thing in its transaction): the time
   * before, waiting for SQLite's one connection while requests' transactions hold it, is not the
   * chunk's cost. Counted, it shrank the chunks under load to their minimum, and each then waited
   * again. A `work` that never calls it is timed from its start.
   */
  async chunk<T>(rows: number, work: (begin: () => void) => Promise<T>): Promise<T> {
    let started = performance.now();
    const result = await work(() => {
      started = performance.now();
    });
    const worked = performance.now() - started;
    const held = worked + (await this.settle());
    this.took(rows, held);
    const rest = Math.min(MAX_REST_MS, held * (this.limits.rest ?? 0));
    if (rest >= 1) await new Promise((resolve) => setTimeout(resolve, rest));
    return result;
  }
}

/** What a write chunk may hold SQLite's event loop. */
export const SQLITE_CHUNK_BUDGET_MS = 8;

/**
 * A pacer for a refit's writes on this store (one per loop: row costs differ by table). On SQLite
 * each chunk's batch is committed before the next chunk (Store.settle), so the chunk pays for its
 * own commit instead of the next request paying for several, and the store waits for the
 * checkpoints that keep the WAL from outgrowing its backstop (ADR 0016's amendment).
 */
export function writePacer(store: Pick<Store, 'rowLocks' | 'settle'>): ChunkPacer {
  return store.rowLocks
    ? new ChunkPacer({ first: 2500, min: 2500, max: 2500, budgetMs: Number.POSITIVE_INFINITY })
    : new ChunkPacer({ first: 100, min: 10, max: 2500, budgetMs: SQLITE_CHUNK_BUDGET_MS }, () =>
        store.settle(),
      );
}
