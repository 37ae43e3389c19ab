import { buildOpenApiDocument } from '@yanzhi/contract';
import type { FastifyInstance } from 'fastify';
import type { HealthService } from '../services/health.service.js';

export function registerSystemRoutes(
  app: FastifyInstance,
  options: { health: HealthService; version: string },
): void {
  const openApi = buildOpenApiDocument(options.version);

  app.get('/healthz', async (_request, reply) => {
    try {
      await options.health.checkDatabase();
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  app.get('/api/docs', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(openApi);
  });
}
