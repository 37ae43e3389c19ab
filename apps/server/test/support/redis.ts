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
