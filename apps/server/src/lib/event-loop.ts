/** Resolves on the event loop's next turn: long work yields with it so requests run between. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Items sorted natively between turns, and merged between turns. */
const SORT_RUN = 4096;
const MERGE_TURN = 65_536;

/**
 * Sorts as `Array.prototype.sort` does (stably, into a new array), a turn of the event loop at a
 * time: runs of a few thousand items sorted natively, then merged pairwise. Sorting a month's
 * board of 300,000 photos in one go holds the loop over 100 ms.
 */
export async function sortInTurns<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
): Promise<T[]> {
  const count = items.length;
  let source = items.slice();
  for (let from = 0; from < count; from += SORT_RUN) {
    const run = source.slice(from, from + SORT_RUN).sort(compare);
    for (let offset = 0; offset < run.length; offset++) source[from + offset] = run[offset] as T;
    if (from + SORT_RUN < count) await yieldToEventLoop();
  }
  let target = new Array<T>(count);
  for (let width = SORT_RUN; width < count; width *= 2) {
    let moved = 0;
    for (let left = 0; left < count; left += 2 * width) {
      const middle = Math.min(left + width, count);
      const right = Math.min(left + 2 * width, count);
      let i = left;
      let j = middle;
      let k = left;
      // The left run's item first when equal: stable.
      while (i < middle && j < right) {
        target[k++] =
          compare(source[j] as T, source[i] as T) < 0 ? (source[j++] as T) : (source[i++] as T);
      }
      while (i < middle) target[k++] = source[i++] as T;
      while (j < right) target[k++] = source[j++] as T;
      moved += right - left;
      if (moved >= MERGE_TURN) {
        moved = 0;
        await yieldToEventLoop();
      }
    }
    [source, target] = [target, source];
  }
  return source;
}

/**
 * A loop's turn of the event loop, measured in time rather than items: what an item costs varies
 * with the machine and the data (a photo's decision against 64 reference places took 12–15 µs
 * on this box, so 5,000 of them held the loop for 60–80 ms). Check `due()` after each item and
 * `await next()` when it says so.
 */
export class TurnBudget {
  private started = performance.now();

  constructor(private readonly budgetMs: number) {}

  /** The turn has held the event loop for its budget. */
  due(): boolean {
    return performance.now() - this.started >= this.budgetMs;
  }

  /**
   * `due()` for a loop over cheap items (a few hundred nanoseconds each, where reading the clock
   * would be a good part of the work): reads it only at every 256th `index`.
   */
  dueAt(index: number): boolean {
    return (index & 255) === 255 && this.due();
  }

  /** Yields to the event loop and starts the next turn. */
  async next(): Promise<void> {
    await yieldToEventLoop();
    this.started = performance.now();
  }
}
