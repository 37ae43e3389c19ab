import type { FastifyInstance } from 'fastify';
import type { LeaderboardService } from '../services/leaderboard.service.js';
import { defineCall } from './define-call.js';

export function registerLeaderboardRoutes(
  app: FastifyInstance,
  leaderboards: LeaderboardService,
): void {
  defineCall(app, 'get_leaderboard', (input, context) =>
    leaderboards.leaderboard(
      {
        categoryId: input.category_id,
        periodType: input.period_type,
        periodDate: input.period_date,
        page: input.page,
        pageSize: input.page_size,
      },
      context.auth.kind === 'user' ? context.auth.user.id : null,
    ),
  );
}
