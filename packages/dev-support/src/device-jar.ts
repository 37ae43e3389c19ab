import { randomBytes } from 'node:crypto';
import { DEVICE_SECRET_COOKIE, DEVICE_SECRET_HEADER } from '@yanzhi/contract';

/** Headers as Fastify's `inject` and `fetch` callers write them. */
export type HeaderMap = Record<string, string | string[] | number | undefined>;

/**
 * The cookie jar of simulated devices, for the tests and the benches (ADR 0022): each anonymous
 * id is one device holding its own secret, sent as its cookie on every call the way a browser
 * sends the one it was given. A device presents its secret from its first call on (the server
 * accepts a secret a client chose), so even a device's concurrent first calls are one device; a
 * secret the server issues instead (Set-Cookie) replaces the one kept.
 */
export class DeviceJar {
  private readonly secrets = new Map<string, string>();

  secretOf(device: string): string {
    let secret = this.secrets.get(device);
    if (secret === undefined) {
      secret = randomBytes(16).toString('base64url');
      this.secrets.set(device, secret);
    }
    return secret;
  }

  cookieOf(device: string): string {
    return `${DEVICE_SECRET_COOKIE}=${this.secretOf(device)}`;
  }

  /**
   * Keeps a secret the server issued to this device: Set-Cookie as `inject` gives it (one line
   * or several) or as `fetch` gives it (the lines joined by commas).
   */
  keep(device: string | null, setCookie: string | string[] | number | undefined | null): void {
    if (device === null || setCookie == null) return;
    const pattern = new RegExp(`(?:^|,)\\s*${DEVICE_SECRET_COOKIE}=([^;,\\s]+)`, 'g');
    for (const line of Array.isArray(setCookie) ? setCookie : [String(setCookie)]) {
      for (const match of line.matchAll(pattern)) {
        if (match[1] !== undefined) this.secrets.set(device, match[1]);
      }
    }
  }

  /**
   * The headers with the device's cookie added, unless there is no device or the call already
   * says what it presents (a test playing another device sets `cookie` or the device-secret
   * header itself, even empty).
   */
  headers<H extends HeaderMap>(device: string | null, headers: H): H | (H & { cookie: string }) {
    if (
      device === null ||
      hasHeader(headers, 'cookie') ||
      hasHeader(headers, DEVICE_SECRET_HEADER)
    ) {
      return headers;
    }
    return { ...headers, cookie: this.cookieOf(device) };
  }
}

function hasHeader(headers: HeaderMap, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/** The device a JSON body (an object or its text) or a form speaks for: its anonymous_id. */
export function deviceOfBody(body: unknown): string | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  const id =
    value instanceof FormData
      ? value.get('anonymous_id')
      : typeof value === 'object' && value !== null && !Buffer.isBuffer(value)
        ? (value as { anonymous_id?: unknown }).anonymous_id
        : null;
  if (typeof id !== 'string') return null;
  const trimmed = id.trim();
  return trimmed === '' ? null : trimmed;
}

/** The device a request speaks for: its device-id header, else its body's anonymous_id. */
export function deviceOfRequest(headers: HeaderMap, payload: unknown): string | null {
  const header = Object.entries(headers).find(([key]) => key.toLowerCase() === 'device-id')?.[1];
  if (typeof header === 'string' && header !== '') return header;
  return deviceOfBody(payload);
}

/** `jar.headers` for the device the request speaks for (`deviceOfRequest`). */
export function withDeviceCookie(jar: DeviceJar, headers: HeaderMap, payload: unknown): HeaderMap {
  return jar.headers(deviceOfRequest(headers, payload), headers);
}
