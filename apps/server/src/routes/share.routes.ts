import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { ShareCardService } from '../services/share-card.service.js';
import { defineCall } from './define-call.js';
import { enforcePerHour } from './rate-limit.js';
import { requestOrigin } from './request-origin.js';

export interface ShareRouteOptions {
  shareCards: ShareCardService;
  limiter: RateLimiter;
  limits: Config['rateLimits'];
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
