import { ErrorCode } from '@yanzhi/contract';
import { AppError } from '../errors.js';
import { neighbourhoodOf } from '../domain/network.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { CallerTraffic } from '../services/arena.service.js';

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

/** Counts a pair served to an address and its neighbourhood this hour (fishing, ADR 0024). */
export async function countServed(limiter: RateLimiter, address: string): Promise<void> {
  await Promise.all([
    limiter.add(`served:ip:${address}`, 1, HOUR_MS),
    limiter.add(`served:net:${neighbourhoodOf(address)}`, 1, HOUR_MS),
  ]);
}

/** Counts a vote on two photos from an address and answers its traffic this hour. */
export async function countVoted(
  limiter: RateLimiter,
  address: string,
  photos: { winner: number; loser: number },
): Promise<CallerTraffic> {
  const net = neighbourhoodOf(address);
  const [addressServed, addressVoted, netServed, netVoted, winner, loser] = await Promise.all([
    limiter.add(`served:ip:${address}`, 0, HOUR_MS),
    limiter.add(`voted:ip:${address}`, 1, HOUR_MS),
    limiter.add(`served:net:${net}`, 0, HOUR_MS),
    limiter.add(`voted:net:${net}`, 1, HOUR_MS),
    limiter.add(`photo-votes:${net}:${photos.winner}`, 1, HOUR_MS),
    limiter.add(`photo-votes:${net}:${photos.loser}`, 1, HOUR_MS),
  ]);
  return {
    address: { served: addressServed, voted: addressVoted },
    neighbourhood: { served: netServed, voted: netVoted },
    photoVotes: { winner, loser },
  };
}
