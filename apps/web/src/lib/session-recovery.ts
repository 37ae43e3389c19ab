import { CLIENT_STORAGE_KEYS, type ErrorCode, type Session, type UserInfo } from '@yanzhi/contract';
import { ApiError } from './api-errors';
import { askHostForToken, hasHostBridge } from './host-bridge';
import {
  clearRefreshToken,
  clearToken,
  getRefreshToken,
  getToken,
  isHostToken,
  setRefreshToken,
  setToken,
} from './identity';
import { removeStored } from './storage';

/**
 * What the client does with a token the server refuses (ADR 0002): it is renewed once (by the
 * host's bridge for a host token, else by the stored refresh token), or dropped from storage at
 * once with the refresh token and userInfo, and the visitor goes on anonymously. Calls refused
 * together share one renewal, so a refresh token is sent once and the visitor is told once.
 */

// The codes, written out (their types check them against the contract): importing the code
// table would put all of it in the first screen's bundle (ADR 0014).
const TOKEN_INVALID: typeof ErrorCode.TOKEN_INVALID = 40101;
const TOKEN_EXPIRED: typeof ErrorCode.TOKEN_EXPIRED = 40102;
const TOKEN_REVOKED: typeof ErrorCode.TOKEN_REVOKED = 40103;
const ACCOUNT_BANNED: typeof ErrorCode.ACCOUNT_BANNED = 40302;
const REFUSED_TOKEN_CODES: readonly number[] = [TOKEN_INVALID, TOKEN_EXPIRED, TOKEN_REVOKED];

/** Why a session ended, which decides what the visitor is told. */
export type SessionEndReason =
  /** The token was refused and could not be renewed. */
  | 'refused'
  /** The host's token was refused and the host gave no new one: reopen from the host app. */
  | 'host'
  /** The account is banned. */
  | 'banned';

export type SessionChange =
  /** A new token is stored; `userInfo` when the server sent the user with it (a refresh). */
  | { kind: 'renewed'; userInfo: UserInfo | null }
  /** The session is gone from storage; `warning` is null when the visitor was already told. */
  | { kind: 'ended'; warning: SessionEndReason | null };

type Listener = (change: SessionChange) => void;
const listeners = new Set<Listener>();

/** Hears every renewal and end of the session (the user store keeps its state with it). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function announce(change: SessionChange): void {
  for (const listener of listeners) listener(change);
}

/** The code of an answer that says the token sent is no good (refused, or its user banned). */
export function refusedSessionCode(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  return REFUSED_TOKEN_CODES.includes(error.code) || error.code === ACCOUNT_BANNED
    ? error.code
    : null;
}

/** Sends `refresh_session` (the API client's): a new session, or an ApiError, or a transport error. */
export type RefreshSession = (refreshToken: string) => Promise<Session>;

/** The renewal under way, for calls refused with the same token while it runs. */
let renewal: { refused: string; promise: Promise<string | null> } | null = null;

/**
 * The token to retry a call with after the server refused `refused` with `code`: a renewed
 * one, or null when the session was dropped (the call may then go on anonymously). Rejects
 * when the renewal could not be tried (no network): the session is kept for a later try.
 */
export function tokenAfterRefusal(
  refused: string,
  code: number,
  refresh: RefreshSession,
): Promise<string | null> {
  if (renewal?.refused === refused) return renewal.promise;
  const current = getToken();
  // Renewed or dropped already (a call that was answered late, or a newer token arrived).
  if (current !== refused) return Promise.resolve(settled(current));
  const promise = exclusively(() => renew(refused, code, refresh)).finally(() => {
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

async function renew(refused: string, code: number, refresh: RefreshSession) {
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
    // Offline or a server in trouble: the refresh token may still be good, so keep everything.
    if (!(error instanceof ApiError)) throw error;
    return end(error.code === ACCOUNT_BANNED ? 'banned' : host ? 'host' : 'refused');
  }
  setToken(session.token);
  setRefreshToken(session.refresh_token);
  announce({ kind: 'renewed', userInfo: session.userInfo });
  return session.token;
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

/**
 * Runs a call, and when the server refuses the token it carried, once more with the renewed
 * token, or without one if the session was dropped and the call works anonymously (for those
 * that need a user the refusal stands). `attempt` gets the token the call carries.
 */
export async function underLiveSession<T>(
  worksAnonymously: boolean,
  attempt: (token: string | null) => Promise<T>,
  refresh: RefreshSession,
): Promise<T> {
  const sent = getToken();
  try {
    return await attempt(sent);
  } catch (error) {
    const code = refusedSessionCode(error);
    if (sent === null || code === null) throw error;
    let next: string | null;
    try {
      next = await tokenAfterRefusal(sent, code, refresh);
    } catch {
      throw error;
    }
    if (next === null && !worksAnonymously) throw error;
    return attempt(next);
  }
}
