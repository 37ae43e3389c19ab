import { createHmac } from 'node:crypto';
import { HOST_TOKEN_PREFIX } from '@yanzhi/contract';

/** The shared host secret the e2e server runs with, so tests can act as the native host. */
export const E2E_HOST_SECRET = 'e2e-host-secret-0123456789abcdef0123456789';

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url)
    throw new Error(
      'E2E_BASE_URL is not set: run through playwright (global-setup starts the server)',
    );
  return url;
}

/** A host-signed token exactly as the native host would mint it (DESIGN §4). */
export function mintHostToken(sub: string, name: string, ttlSeconds = 3600): string {
  const payload = { sub, name, exp: Math.floor(Date.now() / 1000) + ttlSeconds };
  const body = `${HOST_TOKEN_PREFIX}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  const signature = createHmac('sha256', E2E_HOST_SECRET).update(body).digest('base64url');
  return `${body}.${signature}`;
}
