import type { ErrorCode, ErrorCodeValue, ValidationErrorData } from '@yanzhi/contract';

/**
 * The one error services throw. The envelope handler turns it into `{ code, msg, data }`;
 * `msg` comes from the contract's catalogue in the caller's language unless given here.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: Exclude<ErrorCodeValue, typeof ErrorCode.OK>,
    readonly detail?: { zh: string; en: string },
    readonly data: ValidationErrorData | null = null,
  ) {
    super(detail?.en ?? `application error ${code}`);
  }
}
