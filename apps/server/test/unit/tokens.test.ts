import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  extractHostCredential,
  generateToken,
  hashToken,
  signHostToken,
  verifyHostToken,
} from '../../src/domain/tokens.js';

const SECRET = 's'.repeat(40);
const NOW = Date.UTC(2026, 10, 21);

describe('bearer tokens', () => {
  it('are 256-bit random, prefixed by kind, and hashed for storage', () => {
    const a = generateToken('at');
    const b = generateToken('at');
    expect(a).toMatch(/^at_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(generateToken('rt')).toMatch(/^rt_/);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
  });
});

describe('host-signed tokens', () => {
  const payload = { sub: 'u-1', name: '小明', exp: NOW / 1000 + 60 };

  it('verify when signed with the shared secret and not expired', () => {
    const token = signHostToken(payload, SECRET);
    expect(token.startsWith('h1.')).toBe(true);
    expect(verifyHostToken(token, SECRET, NOW)).toEqual({ ok: true, payload });
  });

  it('fail with another secret, a changed payload, or after expiry', () => {
    const token = signHostToken(payload, SECRET);
    expect(verifyHostToken(token, 'x'.repeat(40), NOW)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const [prefix, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...payload, sub: 'admin' })).toString(
      'base64url',
    );
    expect(verifyHostToken(`${prefix}.${otherPayload}.${signature}`, SECRET, NOW).ok).toBe(false);
    expect(verifyHostToken(token, SECRET, payload.exp * 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it.each(['', 'h1', 'h1..', 'h1.a.b.c', 'h2.abc.def', 'h1.!!!.abc', 'at_abcdef'])(
    'reject the malformed token %j',
    (token) => {
      expect(verifyHostToken(token, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    },
  );

  it('reject a correctly signed payload of the wrong shape', () => {
    const body = `h1.${Buffer.from(JSON.stringify({ sub: 42 })).toString('base64url')}`;
    const signature = createHmac('sha256', SECRET).update(body).digest('base64url');
    expect(verifyHostToken(`${body}.${signature}`, SECRET, NOW)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('the host credential inside login_by_cookie', () => {
  const token = signHostToken({ sub: 'u', exp: NOW / 1000 + 60 }, SECRET);

  it('is the bare token or a known cookie name', () => {
    expect(extractHostCredential(`  ${token} `)).toBe(token);
    expect(extractHostCredential(`a=1; host_token=${token}`)).toBe(token);
    expect(extractHostCredential(`access-token=${encodeURIComponent(token)}; b=2`)).toBe(token);
  });

  it('is absent from unrelated cookies', () => {
    expect(extractHostCredential('a=1; b=2')).toBeNull();
    expect(extractHostCredential(`other=${token}`)).toBeNull();
    expect(extractHostCredential('token=%E0%A4%A')).toBeNull();
  });
});
