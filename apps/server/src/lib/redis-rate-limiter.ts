import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter.js';

/**
 * Adds to a window's counter (0 reads it) and gives a new counter the window's expiry in the same
 * step, so no key outlives its window.
 */
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** How long the first hits wait for the first connection. */
const CONNECT_WAIT_MS = 2000;

/**
 * Fixed-window counters in Redis, shared by every instance (DESIGN §1). When Redis cannot be
 * reached the hit is allowed and reported: limits protect the service, they must not take it
 * down.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  /** Settles when the first connection is up or has failed: hits wait for it, then never. */
  private readonly firstConnection: Promise<void>;

  constructor(
    url: string,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
    private readonly prefix = 'yanzhi:rl:',
  ) {
    this.redis = new Redis(url, {
      // Fail fast instead of queueing hits while Redis is away.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: false,
    });
    this.redis.on('error', onError);
    this.firstConnection = new Promise((resolve) => {
      const settle = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(settle, CONNECT_WAIT_MS);
      timer.unref();
      this.redis.once('ready', settle);
      this.redis.once('error', settle);
    });
  }

  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    // Unreachable Redis counts 0: the hit is allowed (and reported by add).
    return (await this.add(key, 1, windowMs)) <= limit;
  }

  async add(key: string, amount: number, windowMs: number): Promise<number> {
    await this.firstConnection;
    const window = Math.floor(this.now() / windowMs);
    try {
      const count = await this.redis.eval(
        ADD_SCRIPT,
        1,
        `${this.prefix}${key}:${windowMs}:${window}`,
        String(windowMs),
        String(amount),
      );
      return Number(count);
    } catch (error) {
      this.onError(error);
      return 0;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => {
      this.redis.disconnect();
    });
  }
}
