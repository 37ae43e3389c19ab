import { ErrorCode } from '@yanzhi/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { isApiPath, pathOf, sendError } from './envelope.js';

const MINUTE_MS = 60_000;

/** How every API path is spelt: `/api` or `/api/<name>`, lower-case letters, digits and `_`. */
const CANONICAL_API_PATH = /^\/api(?:\/[a-z0-9_]+)?$/;

/** Percent-decodes once; null when the text is not valid percent-encoding. */
function decodeOnce(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The path as the most lenient reader could understand it: percent-decoded until it stops
 * changing (a few rounds: `%2561` → `%61` → `a`), lower-cased, backslashes read as slashes,
 * runs of slashes collapsed and `.`/`..` segments resolved. Whatever a router, a proxy or a
 * static file server might make of the address, it is not more than this.
 */
export function lenientPath(rawPath: string): string {
  let path = rawPath;
  for (let round = 0; round < 4; round += 1) {
    const decoded = decodeOnce(path);
    if (decoded === null || decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.toLowerCase().replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * True for a request that names the API in any spelling but the canonical one: the router
 * decodes `/%61pi/get_categories` to an API route while every check keyed on the raw address
 * (limits, shedding, sign-in) would let it pass as a page.
 */
export function isDisguisedApiPath(rawUrl: string, routedUrl: string | undefined): boolean {
  const rawPath = pathOf(rawUrl);
  if (CANONICAL_API_PATH.test(rawPath)) return false;
  const routedToApi = routedUrl !== undefined && isApiPath(routedUrl);
  return routedToApi || isApiPath(rawPath) || isApiPath(lenientPath(rawPath));
}

/**
 * The one door of the API: before anything else runs, a request whose address names the API
 * in a disguised spelling (percent-encoded, upper-case, doubled slashes, dot segments) counts
 * against the per-address API limit and is answered 404 with the envelope. So every later check
 * may trust the raw address: what reaches an API handler was spelt `/api/<name>`. Pages, static
 * files and /media are untouched.
 */
export function registerApiGate(
  app: FastifyInstance,
  options: { limiter: RateLimiter; apiPerMinute: number },
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isDisguisedApiPath(request.url, request.routeOptions.url)) return;
    const allowed = await options.limiter.hit(`api:${request.ip}`, options.apiPerMinute, MINUTE_MS);
    if (!allowed) throw new AppError(ErrorCode.RATE_LIMITED);
    return sendError(request, reply, 404, ErrorCode.NOT_FOUND);
  });
}
