import { Redis } from 'ioredis';
import { requireOrSkip } from '@yanzhi/dev-support';

/** Redis tests run when TEST_REDIS_URL is set (CI always sets it, and fails without it). */
export const redisUrl = process.env.TEST_REDIS_URL || undefined;

requireOrSkip(
  {
    name: 'Redis',
    tests: 'Redis tests',
    missing: 'TEST_REDIS_URL is not set',
    howTo: 'set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them (.ci/run does)',
  },
  redisUrl !== undefined,
);

/**
 * A Redis database of a test's own (`index` 1-15), emptied: counters other tests or earlier runs
 * left there (per-address limits last an hour) cannot decide this test's calls. Answers its URL.
 */
export async function emptyRedisDatabase(index: number): Promise<string> {
  const url = new URL(redisUrl ?? '');
  url.pathname = `/${String(index)}`;
  const redis = new Redis(url.toString());
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
  return url.toString();
}
