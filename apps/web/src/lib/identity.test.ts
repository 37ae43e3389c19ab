import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { describe, expect, it, vi } from 'vitest';
import { guid } from './guid';
import {
  ensureDeviceIdentity,
  getAnonymousId,
  getDeviceId,
  getSessionId,
  getVersion,
} from './identity';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('device identity (spec §3)', () => {
  it('creates the device id as "web-" + GUID and stores it', () => {
    const deviceId = getDeviceId();
    expect(deviceId.startsWith('web-')).toBe(true);
    expect(deviceId.slice(4)).toMatch(GUID);
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.deviceId)).toBe(deviceId);
  });

  it('keeps the device id across reloads', async () => {
    const first = getDeviceId();
    vi.resetModules();
    const reloaded = await import('./identity');
    expect(reloaded.getDeviceId()).toBe(first);
    expect(reloaded.ensureDeviceIdentity().deviceId).toBe(first);
  });

  it('uses the device id as the anonymous id', () => {
    expect(getAnonymousId()).toBe(getDeviceId());
  });

  it('starts a new "X_" + GUID session per app start and stores it', () => {
    const { sessionId } = ensureDeviceIdentity();
    expect(sessionId.startsWith('X_')).toBe(true);
    expect(sessionId.slice(2)).toMatch(GUID);
    expect(getSessionId()).toBe(sessionId);
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.sessionId)).toBe(sessionId);

    const next = ensureDeviceIdentity();
    expect(next.sessionId).not.toBe(sessionId);
    expect(next.deviceId).toBe(getDeviceId());
  });

  it('defaults the version to 6.67.7', () => {
    expect(getVersion()).toBe('6.67.7');
    localStorage.setItem(CLIENT_STORAGE_KEYS.version, '6.70.0');
    expect(getVersion()).toBe('6.70.0');
  });

  it('makes a version-4 GUID without crypto.randomUUID (insecure contexts)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xab) });
    expect(guid()).toMatch(GUID);
    vi.stubGlobal('crypto', undefined);
    const a = guid();
    expect(a).toMatch(GUID);
    expect(guid()).not.toBe(a);
  });
});
