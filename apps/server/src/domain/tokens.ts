import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { HOST_TOKEN_PREFIX } from '@yanzhi/contract';

/** A random bearer secret: 256 bits, base64url, with a readable kind prefix. */
export function generateToken(kind: 'at' | 'rt'): string {
  return `${kind}_${randomBytes(32).toString('base64url')}`;
}

/** Tokens are stored only as SHA-256 hashes (ADR 0002); a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface HostTokenPayload {
  /** The host app's own user id. */
  sub: string;
  name?: string;
  /** Expiry, unix seconds. */
  exp: number;
}

export type HostTokenCheck =
  | { ok: true; payload: HostTokenPayload }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

function sign(body: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

export function isHostToken(token: string): boolean {
  return token.startsWith(`${HOST_TOKEN_PREFIX}.`);
}

/** `h1.<base64url JSON payload>.<base64url HMAC-SHA256 of "h1.<payload>">` (DESIGN §4). */
export function signHostToken(payload: HostTokenPayload, secret: string): string {
  const body = `${HOST_TOKEN_PREFIX}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

const base64url = /^[A-Za-z0-9_-]+$/;

function parsePayload(encoded: string): HostTokenPayload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { sub, name, exp } = value as Record<string, unknown>;
    if (typeof sub !== 'string' || !/^[\w.:@-]{1,128}$/.test(sub)) return null;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    if (name !== undefined && (typeof name !== 'string' || name.length > 64)) return null;
    return name === undefined ? { sub, exp } : { sub, name, exp };
  } catch {
    return null;
  }
}

export function verifyHostToken(token: string, secret: string, nowMs: number): HostTokenCheck {
  const parts = token.split('.');
  const [prefix, encoded, signature] = parts;
  if (parts.length !== 3 || prefix !== HOST_TOKEN_PREFIX || !encoded || !signature) {
    return { ok: false, reason: 'malformed' };
  }
  if (!base64url.test(encoded) || !base64url.test(signature))
    return { ok: false, reason: 'malformed' };
  const expected = sign(`${prefix}.${encoded}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  const payload = parsePayload(encoded);
  if (!payload) return { ok: false, reason: 'malformed' };
  if (payload.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}

/**
 * The host credential inside a login_by_cookie `cookie`: either the bare signed token or a
 * Cookie header (`a=1; host_token=h1…`) holding it under a known name.
 */
export function extractHostCredential(cookie: string): string | null {
  const trimmed = cookie.trim();
  if (isHostToken(trimmed)) return trimmed;
  for (const pair of trimmed.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    const name = pair.slice(0, index).trim();
    let value = pair.slice(index + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    if (
      ['host_token', 'access-token', 'access_token', 'token', 'tokenId'].includes(name) &&
      isHostToken(value)
    ) {
      return value;
    }
  }
  return null;
}

/** A device secret (ADR 0022): 128 random bits, base64url (22 characters). */
export function generateDeviceSecret(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Whether a presented device secret has the shape of one: base64url, 22 to 64 characters (at
 * least 128 bits when random). A client may choose its own; anything else counts as none.
 */
export function isDeviceSecret(value: string): boolean {
  return /^[\w-]{22,64}$/.test(value);
}
