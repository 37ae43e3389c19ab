import { ErrorCode } from '@yanzhi/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Where the request was sent: the scheme (x-forwarded-proto counts only with TRUST_PROXY, as
 * Fastify's `protocol` does) and the Host header, reduced to an origin so nothing but a host
 * and port can reach what is derived from it (printed links, the passkeys' relying party).
 */
export function requestOrigin(request: FastifyRequest): string {
  try {
    const url = new URL(`${request.protocol}://${request.host}`);
    if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '') {
      throw new TypeError('not a bare host');
    }
    return url.origin;
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST);
  }
}
