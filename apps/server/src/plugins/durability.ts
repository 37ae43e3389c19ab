import type { FastifyInstance } from 'fastify';
import { isApiPath } from './envelope.js';

/**
 * No API answer leaves before the writes committed ahead of it are on disk (ADR 0016): on
 * SQLite the commits of the moment share one flush of the WAL (group commit); on PostgreSQL
 * `durable` resolves at once. Answers with nothing pending pass straight through.
 */
export function registerDurability(app: FastifyInstance, durable: () => Promise<void>): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isApiPath(request.url)) await durable();
    return payload;
  });
}
