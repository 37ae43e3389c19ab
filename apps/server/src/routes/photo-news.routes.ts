import type { FastifyInstance } from 'fastify';
import type { PhotoNewsService } from '../services/photo-news.service.js';
import { defineCall, requireUser } from './define-call.js';

/** `get_photo_news`: the signed-in user's photos' news (the inbox on the profile). */
export function registerPhotoNewsRoutes(app: FastifyInstance, news: PhotoNewsService): void {
  defineCall(app, 'get_photo_news', (input, context) =>
    news.news(requireUser(context.auth).user.id, input.mark_seen),
  );
}
