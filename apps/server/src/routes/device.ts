import { DEVICE_SECRET_COOKIE, DEVICE_SECRET_HEADER } from '@yanzhi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeviceService } from '../services/device.service.js';
import type { CallContext } from './define-call.js';

/** Browsers cap a cookie's life at 400 days; it is renewed whenever a new secret is issued. */
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    /** A device secret issued while handling this request, sent back as its cookie. */
    issuedDeviceSecret: string | null;
  }
}

function firstHeader(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? null : first;
}

function cookieValue(header: string | null, name: string): string | null {
  if (header === null) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The device secret a request presents: the x-device-secret header, else the cookie. */
export function presentedDeviceSecret(request: FastifyRequest): string | null {
  return (
    firstHeader(request.headers[DEVICE_SECRET_HEADER]) ??
    cookieValue(firstHeader(request.headers.cookie), DEVICE_SECRET_COOKIE)
  );
}

/**
 * Runs a call under `anonymousId` once the caller is shown to hold it (ADR 0022); an id seen
 * for the first time is bound to the caller when the call succeeds, and a secret issued for it
 * leaves as the response's cookie.
 */
export async function underDevice<T>(
  devices: DeviceService,
  context: CallContext,
  anonymousId: string,
  run: () => Promise<T>,
): Promise<T> {
  const { request } = context;
  const pending = await devices.admit({
    anonymousId,
    secret: request.issuedDeviceSecret ?? presentedDeviceSecret(request),
    sessionId: firstHeader(request.headers['x-session-id'])?.slice(0, 128) ?? null,
    ip: context.ip,
    userId: context.auth.kind === 'user' ? context.auth.user.id : null,
  });
  const result = await run();
  if (pending !== null) {
    const issued = await devices.bind(pending);
    if (issued !== null) request.issuedDeviceSecret = issued;
  }
  return result;
}

/**
 * Sends an issued device secret as an HttpOnly cookie for the whole site (the API, and the
 * profile page, whose HTML carries the holder's own statistics): SameSite=Lax, and Secure
 * when the request came over https (x-forwarded-proto counts only with TRUST_PROXY, as
 * Fastify's `protocol` does).
 */
export function registerDeviceCookie(app: FastifyInstance): void {
  app.decorateRequest<string | null>('issuedDeviceSecret', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const secret = request.issuedDeviceSecret;
    if (secret !== null) {
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${DEVICE_SECRET_COOKIE}=${secret}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
    }
    return payload;
  });
}
