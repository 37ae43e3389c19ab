import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { AccountService } from '../services/account.service.js';
import type { PhotoOwnerService } from '../services/photo-owner.service.js';
import type { PhotoService } from '../services/photo.service.js';
import type { DeviceService } from '../services/device.service.js';
import { defineCall, requireUser, type CallContext } from './define-call.js';
import { underDevice } from './device.js';
import { enforcePerHour } from './rate-limit.js';

export interface PhotoRouteOptions {
  photos: PhotoService;
  owners: PhotoOwnerService;
  accounts: AccountService;
  devices: DeviceService;
  limiter: RateLimiter;
  limits: Config['rateLimits'];
}

/** Uploads count per address, and per user (or per device before there is a user). */
async function enforceUploadLimits(
  options: PhotoRouteOptions,
  context: CallContext,
): Promise<void> {
  const { limiter, limits } = options;
  await enforcePerHour(limiter, `uploads:ip:${context.ip}`, limits.uploadsPerHourIp);
  const who =
    context.auth.kind === 'user'
      ? `user:${context.auth.user.id}`
      : context.deviceId === null
        ? null
        : `device:${context.deviceId}`;
  if (who !== null) await enforcePerHour(limiter, `uploads:${who}`, limits.uploadsPerHourUser);
}

export function registerPhotoRoutes(app: FastifyInstance, options: PhotoRouteOptions): void {
  const { photos } = options;

  defineCall(
    app,
    'upload_photo',
    (input, context) => {
      const deviceId = context.deviceId ?? input.anonymous_id;
      const send = () =>
        photos.upload({
          file: input.file,
          categoryId: input.category_id,
          auth: context.auth,
          deviceId,
        });
      // The device account an upload without a session creates records its device id: only
      // its holder's. A signed-in upload does not use the device id.
      return deviceId === null || context.auth.kind === 'user'
        ? send()
        : underDevice(options.devices, context, deviceId, send);
    },
    { beforeForm: (context) => enforceUploadLimits(options, context) },
  );

  defineCall(app, 'get_my_photos', (input, context) => {
    const { user } = requireUser(context.auth);
    return photos.myPhotos(user.id, input.page, input.page_size);
  });

  defineCall(app, 'delete_photo', (input, context) =>
    options.owners.deletePhoto(requireUser(context.auth).user.id, input.photo_id),
  );

  defineCall(app, 'get_photo_history', (input, context) =>
    options.owners.history(requireUser(context.auth).user.id, input.photo_id),
  );

  defineCall(app, 'delete_account', (_input, context) =>
    options.accounts.deleteAccount(requireUser(context.auth).user.id),
  );

  defineCall(app, 'boost_photo', (input, context) =>
    options.owners.boostPhoto(requireUser(context.auth).user.id, input.photo_id, input.exposures),
  );
}
