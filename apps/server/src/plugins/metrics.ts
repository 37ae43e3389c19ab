import { createHash, timingSafeEqual } from 'node:crypto';
import { API, CALL_NAMES } from '@yanzhi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../lib/metrics.js';
import { PROMETHEUS_CONTENT_TYPE } from '../lib/prometheus.js';

const CALL_BY_PATH = new Map<string, string>(CALL_NAMES.map((name) => [API[name].path, name]));
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** The label of a request: its contract call, else its route pattern, else not_found. */
function callOf(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return 'not_found';
  return CALL_BY_PATH.get(route) ?? route;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The direct peer, not `request.ip`: with TRUST_PROXY anyone could claim 127.0.0.1 in
 * X-Forwarded-For. A request relayed by a local proxy carries forwarding headers and is refused,
 * since the proxy itself is on loopback.
 */
function isLocal(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  return (
    peer !== undefined &&
    LOOPBACK.has(peer) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/**
 * Records every request (call, status, envelope code, latency) and serves GET /metrics to the
 * holder of METRICS_TOKEN, or without a token to loopback only (ADR 0012).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { metrics: Metrics; token: string | null },
): void {
  const { metrics } = options;
  const envelopeCodes = new WeakMap<FastifyRequest, number>();
  const expected = options.token === null ? null : digest(`Bearer ${options.token}`);

  metrics.start();
  app.addHook('onClose', (_instance, done) => {
    metrics.stop();
    done();
  });

  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (typeof payload === 'object' && payload !== null && 'code' in payload) {
      const { code } = payload;
      if (typeof code === 'number') envelopeCodes.set(request, code);
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      callOf(request),
      reply.statusCode,
      envelopeCodes.get(request) ?? null,
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (expected === null) {
      if (!isLocal(request)) {
        reply.callNotFound();
        return reply;
      }
    } else {
      const header = request.headers.authorization ?? '';
      if (!timingSafeEqual(digest(header), expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('Unauthorized');
      }
    }
    return reply
      .header('cache-control', 'no-store')
      .type(PROMETHEUS_CONTENT_TYPE)
      .send(metrics.render());
  });
}
