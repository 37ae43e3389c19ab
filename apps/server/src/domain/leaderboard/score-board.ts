import { SCORE_MAX, SCORE_MIN } from '@yanzhi/contract';

/** One placed photo of a board. */
export interface Placement {
  id: number;
  score: number;
  /** Ties share a rank: one more than the number of photos with a higher score (1, 2, 2, 4). */
  rank: number;
  /** 0-based place in the board's order (score high to low, then the older photo first). */
  position: number;
}

const LEVELS = SCORE_MAX - SCORE_MIN + 1;

function levelOf(score: number): number {
  const clamped = Math.min(SCORE_MAX, Math.max(SCORE_MIN, Math.round(score)));
  return SCORE_MAX - clamped;
}

function lowerBound(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] ?? 0) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A live board held in memory (DESIGN §8): photos bucketed by their score in hundredths (the
 * 901 values of 1.00-10.00), each bucket sorted by photo id. A page at any depth, a photo's
 * rank and place cost a walk over at most 901 counters plus a binary search, never a scan of
 * the photos, so reads stay flat as a category grows to millions.
 */
export class ScoreBoard {
  private readonly counts = new Int32Array(LEVELS);
  private readonly buckets: (number[] | undefined)[] = new Array<number[] | undefined>(LEVELS);
  private readonly scores = new Map<number, number>();
  /** Buckets appended to out of id order since the last seal (a load reads in id order). */
  private readonly unsorted = new Set<number>();

  get size(): number {
    return this.scores.size;
  }

  has(id: number): boolean {
    return this.scores.has(id);
  }

  scoreOf(id: number): number | undefined {
    return this.scores.get(id);
  }

  /** Places a photo at a score, moving it when it was already on the board. */
  set(id: number, score: number): void {
    const level = levelOf(score);
    const previous = this.scores.get(id);
    if (previous !== undefined) {
      if (levelOf(previous) === level) {
        this.scores.set(id, score);
        return;
      }
      this.delete(id);
    }
    this.scores.set(id, score);
    let bucket = this.buckets[level];
    if (!bucket) {
      bucket = [];
      this.buckets[level] = bucket;
    }
    const at = lowerBound(bucket, id);
    bucket.splice(at, 0, id);
    this.counts[level] = (this.counts[level] ?? 0) + 1;
  }

  /** Loads many photos at once (sorting each bucket once rather than inserting one by one). */
  load(entries: Iterable<{ id: number; score: number }>): void {
    for (const { id, score } of entries) this.append(id, score);
    this.seal();
  }

  /**
   * Adds a photo without keeping its bucket sorted, for bulk loads in several steps; `seal()`
   * must follow before the board is read.
   */
  append(id: number, score: number): void {
    if (this.scores.has(id)) this.delete(id);
    const level = levelOf(score);
    this.scores.set(id, score);
    let bucket = this.buckets[level];
    if (!bucket) {
      bucket = [];
      this.buckets[level] = bucket;
    }
    if (bucket.length > 0 && (bucket.at(-1) ?? 0) > id) this.unsorted.add(level);
    bucket.push(id);
    this.counts[level] = (this.counts[level] ?? 0) + 1;
  }

  /**
   * Sorts the buckets that appends left out of order. A load appends in id order, so it sorts
   * none: sorting all four boards of 200,000 photos at once held the event loop for hundreds of
   * milliseconds.
   */
  seal(): void {
    for (const level of this.unsorted) this.buckets[level]?.sort((a, b) => a - b);
    this.unsorted.clear();
  }

  delete(id: number): boolean {
    const score = this.scores.get(id);
    if (score === undefined) return false;
    this.scores.delete(id);
    const level = levelOf(score);
    const bucket = this.buckets[level];
    if (bucket) {
      let at = lowerBound(bucket, id);
      // A bucket between appends and seal() is not sorted yet.
      if (bucket[at] !== id) at = bucket.indexOf(id);
      if (at >= 0) {
        bucket.splice(at, 1);
        this.counts[level] = (this.counts[level] ?? 0) - 1;
      }
    }
    return true;
  }

  /** Photos with a strictly higher score. */
  private above(level: number): number {
    let total = 0;
    for (let index = 0; index < level; index += 1) total += this.counts[index] ?? 0;
    return total;
  }

  /** The rank a photo of this score has (or would have) on the board. */
  rankOfScore(score: number): number {
    return this.above(levelOf(score)) + 1;
  }

  /** A photo's rank and place, or null when it is not on the board. */
  placementOf(id: number): Placement | null {
    const score = this.scores.get(id);
    if (score === undefined) return null;
    const level = levelOf(score);
    const above = this.above(level);
    const within = lowerBound(this.buckets[level] ?? [], id);
    return { id, score, rank: above + 1, position: above + within };
  }

  /** `limit` placements from the 0-based place `offset`, in board order. */
  slice(offset: number, limit: number): Placement[] {
    const out: Placement[] = [];
    if (offset < 0 || limit <= 0) return out;
    let passed = 0;
    for (let level = 0; level < LEVELS && out.length < limit; level += 1) {
      const count = this.counts[level] ?? 0;
      if (count === 0) continue;
      if (passed + count <= offset) {
        passed += count;
        continue;
      }
      const bucket = this.buckets[level] ?? [];
      const score = SCORE_MAX - level;
      for (let at = Math.max(0, offset - passed); at < bucket.length && out.length < limit; at++) {
        out.push({ id: bucket[at] ?? 0, score, rank: passed + 1, position: passed + at });
      }
      passed += count;
    }
    return out;
  }
}
