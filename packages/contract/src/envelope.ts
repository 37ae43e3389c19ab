import { z } from 'zod';
import { ErrorCode, errorMessage, type ErrorCodeValue, type MessageLanguage } from './errors.js';

/** Every response is `{ code, msg, data }`; code 0 is success (spec §7, DESIGN §3). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface ErrorEnvelope {
  code: Exclude<ErrorCodeValue, 0>;
  msg: string;
  data: ValidationErrorData | null;
}

/** The one place a success is wrapped: code 0 and the catalogue's "OK" in the caller's language. */
export function okEnvelope<T>(data: T, language: MessageLanguage = 'zh'): Envelope<T> {
  return { code: ErrorCode.OK, msg: errorMessage(ErrorCode.OK, language), data };
}

/** The one place a refusal is wrapped; `msg` is already in the caller's language. */
export function errorEnvelope<T = null>(
  code: Exclude<ErrorCodeValue, 0>,
  msg: string,
  data: T,
): Envelope<T> {
  return { code, msg, data };
}

/** Details of a 40001: the first offending field, and every issue found. */
export const validationErrorDataSchema = z.object({
  field: z.string(),
  issues: z.array(z.object({ field: z.string(), problem: z.string() })),
});
export type ValidationErrorData = z.infer<typeof validationErrorDataSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
