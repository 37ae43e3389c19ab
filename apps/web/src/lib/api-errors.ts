/**
 * The two ways a call fails (spec §7-§8), apart from the client so that the modules the client
 * uses (session recovery) can tell them apart without importing the client itself.
 */

/** The server answered with a non-zero code: `message` is its msg, or 'Error' if it had none. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The msg exactly as the server sent it (possibly empty). */
  readonly serverMessage: string;
  constructor(
    readonly code: number,
    serverMessage: string,
    readonly data: unknown = null,
  ) {
    super(serverMessage || 'Error');
    this.serverMessage = serverMessage;
  }
}

export type TransportErrorKind = 'network' | 'timeout' | 'http' | 'parse';

/** The request never produced an envelope: no network, timed out, a non-2xx answer or not JSON. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True for the 401xx codes: not signed in, or a bad / expired / revoked token. */
export function isAuthError(error: unknown): error is ApiError {
  return error instanceof ApiError && Math.floor(error.code / 100) === 401;
}
