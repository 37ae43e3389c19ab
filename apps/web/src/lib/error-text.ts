import type { ErrorCode } from '@yanzhi/contract';
import { ApiError, TransportError } from './api-client';
import type { Translate } from './i18n';

/** The words to show for a failed call: the server's own message, or what went wrong in transit. */
export function describeError(error: unknown, t: Translate): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TransportError) {
    switch (error.kind) {
      case 'network':
        return t('error.network');
      case 'timeout':
        return t('error.timeout');
      case 'http':
      case 'parse':
        return t('error.server');
    }
  }
  return t('error.unknown');
}

/**
 * ErrorCode.NOT_AVAILABLE_YET, written out (its type checks it against the contract): the shell
 * would otherwise ship the whole code table for one code (ADR 0014).
 */
const NOT_AVAILABLE_YET: typeof ErrorCode.NOT_AVAILABLE_YET = 50100;

/** The server's answer for a call whose issue has not landed yet (code 50100). */
export function isNotAvailableYet(error: unknown): boolean {
  return error instanceof ApiError && error.code === NOT_AVAILABLE_YET;
}
