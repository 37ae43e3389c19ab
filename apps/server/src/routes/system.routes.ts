import { buildOpenApiDocument } from '@yanzhi/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export function registerSystemRoutes(
  app: FastifyInstance,
  options: { db: Db; version: string },
): void {
  const openApi = buildOpenApiDocument(options.version);

  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(options.db);
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
