import { randomBytes } from 'node:crypto';
import { DEVICE_SECRET_COOKIE, DEVICE_SECRET_HEADER } from '@yanzhi/contract';

/**
 * The cookie jar of a bench's simulated devices (ADR 0022): the server binds each anonymous id
 * to the device secret it first sees it with, so each simulated device keeps one secret and
 * sends it as its cookie on every call, like a browser. A device presents its secret from its
 * first call on (the server accepts a secret the client chose), so its concurrent first calls
 * are one device; a secret the server issues instead (Set-Cookie) replaces it.
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

  /** The device a JSON body or form speaks for (its anonymous_id), if any. */
  static deviceOf(body: unknown): string | null {
    const id =
      body instanceof FormData
        ? body.get('anonymous_id')
        : typeof body === 'object' && body !== null
          ? (body as { anonymous_id?: unknown }).anonymous_id
          : null;
    return typeof id === 'string' && id !== '' ? id : null;
  }

  /** The headers with the device's cookie added (none when there is no device). */
  headers(device: string | null, headers: Record<string, string>): Record<string, string> {
    if (device === null || DEVICE_SECRET_HEADER in headers || 'cookie' in headers) return headers;
    return { ...headers, cookie: `${DEVICE_SECRET_COOKIE}=${this.secretOf(device)}` };
  }

  /** Keeps a secret the server issued (a Set-Cookie header) for the device. */
  keep(device: string | null, setCookie: string | null | undefined): void {
    if (device === null || !setCookie) return;
    const match = new RegExp(`(?:^|,\\s*)${DEVICE_SECRET_COOKIE}=([\\w-]+)`).exec(setCookie);
    if (match?.[1] !== undefined) this.secrets.set(device, match[1]);
  }
}

/** One jar for a bench process: its simulated devices are distinct by anonymous id. */
export const devices = new DeviceJar();
