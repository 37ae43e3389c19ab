/**
 * Fixed-window rate limits. One process keeps its counters in memory; several instances share
 * them through Redis (`REDIS_URL`), behind the same interface.
 */
export interface RateLimiter {
  /** Counts one hit for the key; true when it is within the limit. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** Adds `amount` (0 reads) to the key's count in the current window and answers the count. */
  add(key: string, amount: number, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

/** Counters in this process. A bounded map keeps memory flat under address churn. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly now: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    return (await this.add(key, 1, windowMs)) <= limit;
  }

  add(key: string, amount: number, windowMs: number): Promise<number> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (amount === 0) return Promise.resolve(0);
      if (this.windows.size >= this.maxKeys) this.evictExpired(now, windowMs);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += amount;
    return Promise.resolve(window.count);
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }

  private evictExpired(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= windowMs) this.windows.delete(key);
    }
    // Still full of live windows: drop the oldest entries rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
