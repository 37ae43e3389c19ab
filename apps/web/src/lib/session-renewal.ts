import {
  CLIENT_STORAGE_KEYS,
  HOST_TOKEN_PREFIX,
  type Api,
  type CallName,
  type Session,
} from '@yanzhi/contract';
import { apiPath, send } from './api-client';
import { ApiError } from './api-errors';
import { askHostForToken, hasHostBridge } from './host-bridge';
import {
  clearRefreshToken,
  clearToken,
  getRefreshToken,
  getToken,
  setRefreshToken,
  setToken,
  TOKEN_SOURCE_KEY,
} from './identity';
import { ACCOUNT_BANNED, announce, type SessionEndReason } from './session-recovery';
import { readStored, removeStored } from './storage';

/**
 * Renewing a refused token (lib/session-recovery.ts decides when): the host's bridge for a host
 * token, else the stored refresh token, else the session is dropped. A chunk of its own, fetched
 * only when the server refuses a token (ADR 0014).
 */

/**
 * `refresh_session` (DESIGN §3). It carries the refused token in its header like every call
 * (the server reads only the refresh token here), so send stays as small as the first screen needs.
 */
function refresh(refreshToken: string): Promise<Session> {
  const body = JSON.stringify({ refresh_token: refreshToken });
  return send(apiPath('refresh_session'), body, true, {}) as Promise<Session>;
}

/**
 * The calls that answer only a signed-in caller: after a refused token is dropped they are not
 * sent again without one. Checked against the contract (every `auth: 'required'` call, and no
 * other), plus get_user_info, which names no user without a token.
 */
type CallsNeedingUser = {
  [N in CallName]: Api[N]['auth'] extends 'required' ? N : never;
}[CallName];
const NEEDS_A_USER: Readonly<Record<CallsNeedingUser | 'get_user_info', true>> = {
  get_user_info: true,
  delete_photo: true,
  sign_out: true,
  get_sign_in_methods: true,
  begin_passkey_registration: true,
  finish_passkey_registration: true,
  delete_passkey: true,
  create_recovery_code: true,
  get_my_photos: true,
  get_photo_news: true,
  boost_photo: true,
  get_photo_history: true,
  delete_account: true,
  get_moderation_queue: true,
  moderate_photo: true,
  unban_user: true,
};

/** Whether the call at `url` still works for an anonymous visitor (unknown paths are tried). */
function worksAnonymously(url: string): boolean {
  const name = url.startsWith('/api/') ? url.slice('/api/'.length) : '';
  return !Object.hasOwn(NEEDS_A_USER, name);
}

/**
 * True when the stored token is the native host's: it came from the address or the host's
 * bridge, or it is a host-signed `h1.` token (ADR 0002), however it was stored.
 */
function isHostToken(): boolean {
  const token = getToken();
  if (token === null) return false;
  return token.startsWith(`${HOST_TOKEN_PREFIX}.`) || readStored(TOKEN_SOURCE_KEY) === 'host';
}

/** The renewal under way, for calls refused with the same token while it runs. */
let renewal: { refused: string; promise: Promise<string | null> } | null = null;

/**
 * The token to retry a call with after the server refused `refused` with `code`: a renewed
 * one, or null when the session was dropped (the call may then go on anonymously). Rejects
 * when the renewal could not be tried (no network): the session is kept for a later try.
 */
function tokenAfterRefusal(refused: string, code: number): Promise<string | null> {
  if (renewal?.refused === refused) return renewal.promise;
  const current = getToken();
  // Renewed or dropped already (a call that was answered late, or a newer token arrived).
  if (current !== refused) return Promise.resolve(settled(current));
  const promise = exclusively(() => renew(refused, code)).finally(() => {
    if (renewal?.promise === promise) renewal = null;
  });
  renewal = { refused, promise };
  return promise;
}

/** The stored token after someone else dealt with the refusal; a drop keeps the state in step. */
function settled(current: string | null): string | null {
  if (current === null) announce({ kind: 'ended', warning: null });
  return current;
}

/**
 * What to retry the call to `url` with after the server refused `refused` (sent with it) with
 * `code`: the renewed token, or none (null token) when the session was dropped and the call works
 * anonymously. Null when the call should not be retried: it needs the user that is gone, or the
 * renewal could not be tried (no network), which keeps the session for a later try.
 */
export async function retryAfterRefusal(
  url: string,
  refused: string,
  code: number,
): Promise<{ token: string | null } | null> {
  let token: string | null;
  try {
    token = await tokenAfterRefusal(refused, code);
  } catch {
    return null;
  }
  return token === null && !worksAnonymously(url) ? null : { token };
}

async function renew(refused: string, code: number) {
  // Another tab may have renewed or dropped it while this one waited for the lock.
  const current = getToken();
  if (current !== refused) return settled(current);
  if (code === ACCOUNT_BANNED) return end('banned');
  const host = isHostToken();
  if (host && hasHostBridge()) {
    const fresh = await askHostForToken();
    if (fresh !== null && fresh !== refused) {
      setToken(fresh, 'host');
      announce({ kind: 'renewed', userInfo: null });
      return fresh;
    }
  }
  const refreshToken = getRefreshToken();
  if (refreshToken === null) return end(host ? 'host' : 'refused');
  let session: Session;
  try {
    session = await refresh(refreshToken);
  } catch (error) {
    // Offline, rate limited or a server in trouble: the refresh token may still be good, so
    // everything is kept for a later try. Any other answer refuses it.
    if (!(error instanceof ApiError) || isPassing(error.code)) throw error;
    return end(error.code === ACCOUNT_BANNED ? 'banned' : host ? 'host' : 'refused');
  }
  setToken(session.token);
  setRefreshToken(session.refresh_token);
  announce({ kind: 'renewed', userInfo: session.userInfo });
  return session.token;
}

/** A refusal that says nothing about the refresh token: 429xx (rate limited) and 500xx. */
function isPassing(code: number): boolean {
  return Math.floor(code / 100) === 429 || code >= 50000;
}

/** Drops the session from storage at once and tells the visitor once. */
function end(reason: SessionEndReason): null {
  clearToken();
  clearRefreshToken();
  removeStored(CLIENT_STORAGE_KEYS.userInfo);
  announce({ kind: 'ended', warning: reason });
  return null;
}

/**
 * Runs the renewal alone across this browser's tabs (Web Locks where there are any): two tabs
 * sending one refresh token would look like theft and revoke the whole family (ADR 0002).
 */
async function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Older webviews have no Web Locks: within one tab the single flight above still holds.
  if (typeof locks?.request !== 'function') return task();
  return await locks.request('yanzhi-session-renewal', task);
}
