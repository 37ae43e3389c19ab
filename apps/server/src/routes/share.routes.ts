import { ErrorCode } from '@yanzhi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { ShareCardService } from '../services/share-card.service.js';
import { defineCall } from './define-call.js';
import { enforcePerHour } from './rate-limit.js';

export interface ShareRouteOptions {
  shareCards: ShareCardService;
  limiter: RateLimiter;
  limits: Config['rateLimits'];
}

/**
 * Where the request was sent: the scheme (x-forwarded-proto counts only with TRUST_PROXY, as
 * Fastify's `protocol` does) and the Host header, reduced to an origin so nothing but a host
 * and port can reach the printed link.
 */
function requestOrigin(request: FastifyRequest): string {
  try {
    const url = new URL(`${request.protocol}://${request.host}`);
    if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '') {
      throw new TypeError('not a bare host');
    }
    return url.origin;
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST);
  }
}

export function registerShareRoutes(app: FastifyInstance, options: ShareRouteOptions): void {
  const { shareCards, limiter, limits } = options;

  // JSON (token) or a multipart form (token, file).
  defineCall(
    app,
    'gen_share_image',
    (input, context) =>
      shareCards.generate({
        auth: context.auth,
        bodyToken: input.token,
        photoId: input.photo_id,
        periodType: input.period_type,
        periodDate: input.period_date,
        lang: input.lang ?? context.language,
        requestOrigin: requestOrigin(context.request),
        file: input.file,
        // Drawing a card costs ~90 ms and ~240 KB kept a day: new cards count per user per hour.
        beforeDraw: (userId) =>
          enforcePerHour(limiter, `share-cards:user:${userId}`, limits.shareCardsPerHourUser),
      }),
    {
      // An image to check and draw costs like an upload: counted per address (with the
      // uploads' per-address limit) before the form is read, since the token may be inside it.
      beforeForm: (context) =>
        enforcePerHour(limiter, `share-files:ip:${context.ip}`, limits.uploadsPerHourIp),
    },
  );
}
