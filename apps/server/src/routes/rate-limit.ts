import { ErrorCode } from '@yanzhi/contract';
import { AppError } from '../errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** Counts a hit against a per-minute limit and refuses with 42900 beyond it. */
export async function enforcePerMinute(
  limiter: RateLimiter,
  key: string,
  limit: number,
): Promise<void> {
  if (!(await limiter.hit(key, limit, MINUTE_MS))) throw new AppError(ErrorCode.RATE_LIMITED);
}

/** Counts a hit against a per-hour limit and refuses with 42900 beyond it. */
export async function enforcePerHour(
  limiter: RateLimiter,
  key: string,
  limit: number,
): Promise<void> {
  if (!(await limiter.hit(key, limit, HOUR_MS))) throw new AppError(ErrorCode.RATE_LIMITED);
}
