import { API, ErrorCode, errorMessage } from '@yanzhi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { parseInput } from '../lib/validation.js';
import type { AccountService } from '../services/account.service.js';
import type { PhotoOwnerService } from '../services/photo-owner.service.js';
import type { PhotoService } from '../services/photo.service.js';
import { contextOf, defineCall, requireUser, type CallContext } from './define-call.js';

const HOUR_MS = 3_600_000;
const TOO_LARGE = {
  zh: '照片太大了，最大 10 MB',
  en: 'The photo is too large: at most 10 MB',
};

export interface PhotoRouteOptions {
  photos: PhotoService;
  owners: PhotoOwnerService;
  accounts: AccountService;
  limiter: RateLimiter;
  limits: Config['rateLimits'];
}

interface MultipartUpload {
  file: Buffer | null;
  fields: Record<string, string>;
}

function enforcePerHour(limiter: RateLimiter, key: string, limit: number): void {
  if (!limiter.hit(key, limit, HOUR_MS)) throw new AppError(ErrorCode.RATE_LIMITED);
}

/**
 * Reads the multipart body: the `file` part into memory (the 10 MB file limit of the multipart
 * plugin stops it there; the original never touches the disk) and the text fields.
 */
async function readUpload(request: FastifyRequest): Promise<MultipartUpload> {
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && file === null) file = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // A photo over 10 MB is the user's to fix (pick another): an application answer, HTTP 200
    // with a message that says so (ADR 0001). Part and field counts beyond the plugin's limits
    // are a broken client: the envelope answers 413. Anything else is not well-formed multipart.
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, TOO_LARGE);
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError(ErrorCode.MALFORMED_BODY);
  }
  return { file, fields };
}

/** Uploads count per address, and per user (or per device before there is a user). */
function enforceUploadLimits(options: PhotoRouteOptions, context: CallContext): void {
  const { limiter, limits } = options;
  enforcePerHour(limiter, `uploads:ip:${context.ip}`, limits.uploadsPerHourIp);
  const who =
    context.auth.kind === 'user'
      ? `user:${context.auth.user.id}`
      : context.deviceId === null
        ? null
        : `device:${context.deviceId}`;
  if (who !== null) enforcePerHour(limiter, `uploads:${who}`, limits.uploadsPerHourUser);
}

export function registerPhotoRoutes(app: FastifyInstance, options: PhotoRouteOptions): void {
  const { photos } = options;

  // Multipart, so not through defineCall: the fields are validated once they have been read.
  app.post(API.upload_photo.path, async (request) => {
    const context = contextOf(request);
    if (!request.isMultipart()) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    enforceUploadLimits(options, context);
    const { file, fields } = await readUpload(request);
    const input = parseInput(API.upload_photo.request, fields);
    const anonymousId = fields.anonymous_id?.trim().slice(0, 128) || null;
    const data = await photos.upload({
      file,
      categoryId: input.category_id,
      auth: context.auth,
      deviceId: context.deviceId ?? anonymousId,
    });
    return { code: 0, msg: errorMessage(ErrorCode.OK, context.language), data };
  });

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
