import type { ErrorCode, UserInfo } from '@yanzhi/contract';
import { ApiError } from './api-errors';
import { getToken } from './identity';

/**
 * What the client does with a token the server refuses (ADR 0002): it is renewed once (by the
 * host's bridge for a host token, else by the stored refresh token), or dropped from storage at
 * once with the refresh token and userInfo, and the visitor goes on anonymously. Calls refused
 * together share one renewal, so a refresh token is sent once and the visitor is told once.
 */

// The codes, written out (their types check them against the contract): importing the code
// table would put all of it in the first screen's bundle (ADR 0014).
// 40101 invalid, 40102 expired and 40103 revoked: the token; 40302: its user is banned.
const TOKEN_INVALID: typeof ErrorCode.TOKEN_INVALID = 40101;
const TOKEN_REVOKED: typeof ErrorCode.TOKEN_REVOKED = 40103;
export const ACCOUNT_BANNED: typeof ErrorCode.ACCOUNT_BANNED = 40302;

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
export function onSessionChange(listener: Listener): void {
  listeners.add(listener);
}

/** Tells every listener (lib/session-renewal.ts announces renewals and ends). */
export function announce(change: SessionChange): void {
  for (const listener of listeners) listener(change);
}

/** The code of an answer that says the token sent is no good (refused, or its user banned). */
export function refusedSessionCode(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const { code } = error;
  return (code >= TOKEN_INVALID && code <= TOKEN_REVOKED) || code === ACCOUNT_BANNED ? code : null;
}

/**
 * Runs the call to `url`, and when the server refuses the token it carried, once more with the
 * renewed token, or without one if the session was dropped and the call works anonymously (for
 * those that need a user the refusal stands). `attempt` gets the token the call carries.
 */
export async function underLiveSession<T>(
  url: string,
  attempt: (token: string | null) => Promise<T>,
): Promise<T> {
  const sent = getToken();
  try {
    return await attempt(sent);
  } catch (error) {
    const code = refusedSessionCode(error);
    if (sent === null || code === null) throw error;
    // The renewal's code is fetched only when a token is refused: most visits never need it.
    const retry = await import('./session-renewal').then(
      (lazy) => lazy.retryAfterRefusal(url, sent, code),
      () => null,
    );
    if (retry === null) throw error;
    return attempt(retry.token);
  }
}
