import { ErrorCode } from '@yanzhi/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { DeviceService } from '../services/device.service.js';
import type { ModerationService } from '../services/moderation.service.js';
import { defineCall, requireUser } from './define-call.js';
import { underDevice } from './device.js';

const HOUR_MS = 3_600_000;

export interface ModerationRouteOptions {
  moderation: ModerationService;
  devices: DeviceService;
  limiter: RateLimiter;
  reportsPerHour: number;
}

export function registerModerationRoutes(
  app: FastifyInstance,
  options: ModerationRouteOptions,
): void {
  const { moderation, limiter, reportsPerHour } = options;

  // The spec's report payload has no anonymous id: an anonymous reporter is their device.
  defineCall(app, 'submit_photo_report', async (input, context) => {
    const userId = context.auth.kind === 'user' ? context.auth.user.id : null;
    const device = context.deviceId ?? `ip:${context.ip}`;
    const key = userId === null ? `reports:device:${device}` : `reports:user:${userId}`;
    const allowed =
      (await limiter.hit(key, reportsPerHour, HOUR_MS)) &&
      (await limiter.hit(`reports:ip:${context.ip}`, reportsPerHour * 5, HOUR_MS));
    if (!allowed) throw new AppError(ErrorCode.RATE_LIMITED);
    const deviceAccount = context.auth.kind === 'user' && context.auth.user.is_device_account === 1;
    // A report under a device id speaks for that device's voter: only its holder may.
    const report = () =>
      moderation.report(input, { userId, anonymousId: device, deviceAccount, ip: context.ip });
    if (context.deviceId === null) return report();
    return underDevice(options.devices, context, context.deviceId, report);
  });

  defineCall(app, 'get_moderation_queue', (input, context) =>
    moderation.queue(requireUser(context.auth), input.page),
  );

  defineCall(app, 'moderate_photo', (input, context) =>
    moderation.decide(requireUser(context.auth), input),
  );

  defineCall(app, 'unban_user', (input, context) =>
    moderation.unban(requireUser(context.auth), input),
  );
}
