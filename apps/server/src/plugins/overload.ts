import { ErrorCode } from '@yanzhi/contract';
import type { FastifyInstance } from 'fastify';
import { LoadGauge } from '../lib/load-gauge.js';
import { isApiPath, sendError } from './envelope.js';

export interface OverloadLimits {
  /** Event-loop lag above which API requests are shed; 0 turns the check off. */
  lagMs: number;
  /** API requests under way at most; the next ones are shed. */
  maxInFlight: number;
}

/**
 * Load shedding (ADR 0016): when the process falls behind (the event loop lags by more than
 * `lagMs`) or holds `maxInFlight` API requests, a new API request is answered at once with HTTP
 * 503, `Retry-After: 1` and code 50300 instead of joining a queue that would make every answer
 * late. Nothing of it has run, so the client may safely retry. Health checks, metrics and the
 * web app are never shed.
 */
export function registerOverloadShedding(app: FastifyInstance, limits: OverloadLimits): void {
  const gauge = new LoadGauge();
  let inFlight = 0;
  if (limits.lagMs > 0) gauge.start();
  app.addHook('onClose', (_instance, done) => {
    gauge.stop();
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url)) {
      done();
      return;
    }
    const lagging = limits.lagMs > 0 && gauge.lagMs() > limits.lagMs;
    if (lagging || inFlight >= limits.maxInFlight) {
      reply.header('retry-after', '1');
      sendError(request, reply, 503, ErrorCode.OVERLOADED);
      return;
    }
    inFlight += 1;
    // 'close' comes exactly once, whether the answer was sent or the client went away first
    // (Fastify's onResponse does not come for an answer the client never took).
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
}
