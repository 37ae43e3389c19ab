import type { FastifyInstance } from 'fastify';
import type { PhotoPageService } from '../services/photo-page.service.js';
import { defineCall } from './define-call.js';

/**
 * `get_photo`, public: anyone with a shared link may look. Like the other public reads it is
 * counted by the API gate's per-address limit (plugins/api-gate.ts).
 */
export function registerPhotoPageRoutes(app: FastifyInstance, pages: PhotoPageService): void {
  defineCall(app, 'get_photo', (input, context) =>
    pages.photo(input.photo_id, context.auth.kind === 'user' ? context.auth.user.id : null),
  );
}
