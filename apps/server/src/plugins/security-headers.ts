import type { FastifyInstance } from 'fastify';
import { isApiPath } from './envelope.js';

/**
 * Security headers on every response (DESIGN §10): a CSP with no inline scripts, nosniff, a
 * strict Referrer-Policy (a host-passed token may sit in the first page address), framing only
 * by the configured ancestors, and no caching of API answers. No CORS headers are ever sent,
 * so other origins cannot read the API.
 */
export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
