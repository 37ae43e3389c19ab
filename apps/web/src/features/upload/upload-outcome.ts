import { ErrorCode } from '@yanzhi/contract';
import { ApiError } from '../../lib/api-client';

/**
 * The one number the upload's label and bar both show, in percent: the bytes sent, held at 99
 * until the server has answered (the bytes are out long before the photo is stored), and 100
 * only once it is done. Null before anything is sent.
 */
export function shownPercent(fraction: number | null, done: boolean): number | null {
  if (done) return 100;
  if (fraction === null) return null;
  const clamped = Math.min(1, Math.max(0, fraction));
  return Math.min(99, Math.floor(clamped * 100));
}

/**
 * Refusals of the photo itself: sending the same crop again gets the same answer, so the page
 * offers choosing another photo instead of a retry.
 */
const REFUSALS_OF_THE_PHOTO: ReadonlySet<number> = new Set([
  ErrorCode.FILE_MISSING,
  ErrorCode.IMAGE_UNREADABLE,
  ErrorCode.IMAGE_TOO_SMALL,
  ErrorCode.PAYLOAD_TOO_LARGE,
  ErrorCode.IMAGE_TOO_LARGE,
  ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  ErrorCode.UNSUPPORTED_IMAGE,
  ErrorCode.DUPLICATE_PHOTO,
]);

/** Whether sending the same crop again could succeed (a lost connection, a busy server). */
export function canRetry(error: unknown): boolean {
  return !(error instanceof ApiError && REFUSALS_OF_THE_PHOTO.has(error.code));
}
