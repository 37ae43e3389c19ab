import { randomBytes } from 'node:crypto';
import { DEVICE_SECRET_COOKIE, DEVICE_SECRET_HEADER } from '@yanzhi/contract';

/**
 * The cookie jar of the tests' simulated devices (ADR 0022): each anonymous id is one device
 * holding its own secret, sent as its cookie the way a browser sends the one it was given. A
 * device presents its secret from its first request on (the server accepts a secret a client
 * chose), so even a device's concurrent first requests are one device; a Set-Cookie answer
 * replaces the secret kept.
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

  /** Keeps a secret the server issued to this device. */
  keep(device: string, setCookie: string | string[] | number | undefined | null): void {
    const lines = Array.isArray(setCookie)
      ? setCookie
      : setCookie == null
        ? []
        : [String(setCookie)];
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0 && pair.slice(0, eq).trim() === DEVICE_SECRET_COOKIE) {
        this.secrets.set(device, pair.slice(eq + 1).trim());
      }
    }
  }
}

type Headers = Record<string, string | string[] | number | undefined>;

function hasHeader(headers: Headers, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/** The device a request speaks for: its device-id header, else the body's anonymous_id. */
export function deviceOfRequest(headers: Headers, payload: unknown): string | null {
  const header = Object.entries(headers).find(([key]) => key.toLowerCase() === 'device-id')?.[1];
  if (typeof header === 'string' && header !== '') return header;
  let body = payload;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof body === 'object' && body !== null && !Buffer.isBuffer(body)) {
    const id = (body as { anonymous_id?: unknown }).anonymous_id;
    if (typeof id === 'string' && id.trim() !== '') return id.trim();
  }
  return null;
}

/**
 * The headers with the device's cookie added, unless the request already says what it presents
 * (a test playing another device sets `cookie` or `x-device-secret` itself, even empty).
 */
export function withDeviceCookie(jar: DeviceJar, headers: Headers, payload: unknown): Headers {
  if (hasHeader(headers, 'cookie') || hasHeader(headers, DEVICE_SECRET_HEADER)) return headers;
  const device = deviceOfRequest(headers, payload);
  return device === null ? headers : { ...headers, cookie: jar.cookieOf(device) };
}
