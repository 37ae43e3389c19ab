import type { FastifyInstance } from 'fastify';
import { isApiPath } from './envelope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the call's answer does not wait for the disk. Only for a call whose writes are its
     * own bookkeeping, which a power loss may take back at no cost to anyone (ADR 0016).
     */
    waitForDisk?: boolean;
  }
}

/**
 * No API answer leaves before the writes committed ahead of it are on disk (ADR 0016): on
 * SQLite the commits of the moment share one flush of the WAL (group commit); on PostgreSQL
 * `durable` resolves at once. Answers with nothing pending pass straight through, and so do
 * the calls marked `waitForDisk: false` (the pair fetch).
 */
export function registerDurability(app: FastifyInstance, durable: () => Promise<void>): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isApiPath(request.url) && request.routeOptions.config.waitForDisk !== false) {
      await durable();
    }
    return payload;
  });
}
