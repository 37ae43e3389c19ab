import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { ArenaService, Caller } from '../services/arena.service.js';
import type { DeviceService } from '../services/device.service.js';
import type { StatsService } from '../services/stats.service.js';
import { defineCall, type CallContext } from './define-call.js';
import { underDevice } from './device.js';
import { countServed, countVoted, enforcePerMinute } from './rate-limit.js';

export interface ArenaRouteOptions {
  arena: ArenaService;
  stats: StatsService;
  devices: DeviceService;
  limiter: RateLimiter;
  limits: Config['rateLimits'];
}

function callerOf(context: CallContext, anonymousId: string): Caller {
  return {
    userId: context.auth.kind === 'user' ? context.auth.user.id : null,
    anonymousId,
    address: context.ip,
  };
}

export function registerArenaRoutes(app: FastifyInstance, options: ArenaRouteOptions): void {
  const { arena, stats, devices, limiter, limits } = options;

  // A served pair is the arena's own bookkeeping: if a power loss takes it back before any later
  // flush, the vote on it is refused as an unknown pair and the client fetches another. So its
  // answer does not wait for the disk (ADR 0016); a vote's flush covers its pair.
  defineCall(
    app,
    'get_random_photos_for_rating',
    async (input, context) => {
      await enforcePerMinute(limiter, `pairs:${input.anonymous_id}`, limits.pairsPerMinute);
      // A pair is served to the voter under this id: only its device may fetch it (ADR 0022).
      const pair = await underDevice(devices, context, input.anonymous_id, () =>
        arena.getPair(
          input.category_id,
          callerOf(context, input.anonymous_id),
          input.with_photo_id,
        ),
      );
      await countServed(limiter, context.ip);
      return pair;
    },
    { waitForDisk: false },
  );

  defineCall(app, 'submit_photo_rating', async (input, context) => {
    const caller = callerOf(context, input.anonymous_id);
    await enforcePerMinute(limiter, `votes:ip:${context.ip}`, limits.votesPerMinuteIp);
    await enforcePerMinute(
      limiter,
      `votes:device:${input.anonymous_id}`,
      limits.votesPerMinuteDevice,
    );
    if (caller.userId !== null) {
      await enforcePerMinute(limiter, `votes:user:${caller.userId}`, limits.votesPerMinuteUser);
    }
    return underDevice(devices, context, input.anonymous_id, async () => {
      const traffic = await countVoted(limiter, context.ip, {
        winner: input.winner_photo_id,
        loser: input.loser_photo_id,
      });
      return arena.submitVote(input, { ...caller, traffic });
    });
  });

  defineCall(app, 'get_user_vote_stats', async (input, context) => {
    const named = input.anonymous_id ?? context.deviceId;
    // A signed-in caller who names no device reads their own stats; anyone else reads the
    // stats of a device id they hold.
    const read = () => stats.voteStats(callerOf(context, named ?? 'unknown'));
    if (named === null && context.auth.kind === 'user') return read();
    return underDevice(devices, context, named ?? 'unknown', read);
  });
}
