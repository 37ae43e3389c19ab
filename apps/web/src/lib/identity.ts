import {
  CLIENT_STORAGE_KEYS,
  DEFAULT_APP_VERSION,
  DEVICE_ID_PREFIX,
  SESSION_ID_PREFIX,
} from '@yanzhi/contract';
import { guid } from './guid';
import { readStored, removeStored, writeStored } from './storage';

/**
 * The identity kept locally (spec §3): device id, session id, token, version. The device id is
 * also the anonymous id sent to the API (DESIGN §4).
 */

let currentSessionId: string | null = null;

/** Whether this start made the device id (none was stored or given by the address). */
let madeThisStart = false;

/** The stored device id, created ("web-" + GUID) and stored on first use. */
export function getDeviceId(): string {
  const stored = readStored(CLIENT_STORAGE_KEYS.deviceId);
  if (stored) return stored;
  const created = DEVICE_ID_PREFIX + guid();
  writeStored(CLIENT_STORAGE_KEYS.deviceId, created);
  madeThisStart = true;
  return created;
}

/**
 * True when this start made the device id just now, a first visit: no server has seen it
 * (a random GUID), so its statistics are a newcomer's, whatever the server would answer later.
 */
export function deviceIdIsNew(): boolean {
  return madeThisStart;
}

export function setDeviceId(deviceId: string): void {
  madeThisStart = false;
  writeStored(CLIENT_STORAGE_KEYS.deviceId, deviceId);
}

/**
 * Drops the device id for a fresh "web-" + GUID one, stored. For when the server says the id
 * belongs to another device (ADR 0022: a link planted someone else's `?device-id=`).
 */
export function renewDeviceId(): string {
  const fresh = DEVICE_ID_PREFIX + guid();
  writeStored(CLIENT_STORAGE_KEYS.deviceId, fresh);
  return fresh;
}

/** The anonymous id of spec §6 is the device id. */
export const getAnonymousId = getDeviceId;

/** Starts a new app session: a fresh "X_" + GUID, also written to storage. */
export function startSession(): string {
  currentSessionId = SESSION_ID_PREFIX + guid();
  writeStored(CLIENT_STORAGE_KEYS.sessionId, currentSessionId);
  return currentSessionId;
}

/** The id of this app start (one is started on first use if start-up has not run). */
export function getSessionId(): string {
  return currentSessionId ?? startSession();
}

export function getToken(): string | null {
  return readStored(CLIENT_STORAGE_KEYS.token) || null;
}

/**
 * Where the stored token came from: the native host (the address of spec §2, or the host's
 * bridge) or this app (a sign-in, a refresh, a device account's first upload). Kept beside the
 * token, since a host session that ends is renewed by the host, not by a refresh token.
 */
export type TokenSource = 'host' | 'app';

/** The storage key of the token's source (ours; spec §3 lists no such key). */
export const TOKEN_SOURCE_KEY = 'tokenSource';

export function setToken(token: string, source: TokenSource = 'app'): void {
  writeStored(CLIENT_STORAGE_KEYS.token, token);
  writeStored(TOKEN_SOURCE_KEY, source);
}

export function clearToken(): void {
  removeStored(CLIENT_STORAGE_KEYS.token);
  removeStored(TOKEN_SOURCE_KEY);
}

export function getRefreshToken(): string | null {
  return readStored(CLIENT_STORAGE_KEYS.refreshToken) || null;
}

export function setRefreshToken(refreshToken: string): void {
  writeStored(CLIENT_STORAGE_KEYS.refreshToken, refreshToken);
}

export function clearRefreshToken(): void {
  removeStored(CLIENT_STORAGE_KEYS.refreshToken);
}

/** The app version the host passed in the address, or the default of spec §9. */
export function getVersion(): string {
  return readStored(CLIENT_STORAGE_KEYS.version) || DEFAULT_APP_VERSION;
}

export function setVersion(version: string): void {
  writeStored(CLIENT_STORAGE_KEYS.version, version);
}

/** Makes sure the device has its id and this start has its session id (start-up step 2). */
export function ensureDeviceIdentity(): { deviceId: string; sessionId: string } {
  return { deviceId: getDeviceId(), sessionId: startSession() };
}
