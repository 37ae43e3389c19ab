import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../lib/metrics.js';
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
 * the calls marked `waitForDisk: false` (the pair fetch). How long answers waited is the
 * `yanzhi_disk_wait_seconds` histogram.
 */
export function registerDurability(
  app: FastifyInstance,
  database: { durable: (since?: number) => Promise<void>; epoch?: () => number },
  metrics: Metrics,
): void {
  // Where the request's writes may begin: if any batch of writes from then on is lost, so may
  // be the request's, and it is answered with an error instead (ADR 0020).
  const epochs = new WeakMap<object, number>();
  const { epoch } = database;
  if (epoch) {
    app.addHook('onRequest', (request, _reply, done) => {
      epochs.set(request, epoch());
      done();
    });
  }
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isApiPath(request.url) && request.routeOptions.config.waitForDisk !== false) {
      const started = performance.now();
      await database.durable(epochs.get(request));
      metrics.diskWait.observe((performance.now() - started) / 1000);
    }
    return payload;
  });
}
