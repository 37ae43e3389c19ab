import {
  API,
  ErrorCode,
  okEnvelope,
  type CallInput,
  type CallName,
  type CallResponse,
  type MessageLanguage,
  REPORT_DEFAULT_USER_ID,
} from '@yanzhi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { pickLanguage } from '../lib/language.js';
import { parseInput } from '../lib/validation.js';
import type { AuthState } from '../services/auth.service.js';

export interface CallContext {
  auth: AuthState;
  language: MessageLanguage;
  deviceId: string | null;
  ip: string;
  request: FastifyRequest;
}

export type SignedInAuth = Extract<AuthState, { kind: 'user' }>;

export type CallHandler<N extends CallName> = (
  input: CallInput<N>,
  context: CallContext,
) => Promise<CallResponse<N>>;

function headerValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? null : first.slice(0, 128);
}

export function contextOf(request: FastifyRequest): CallContext {
  return {
    auth: request.auth,
    language: pickLanguage(request.headers['accept-language']),
    deviceId: headerValue(request.headers['device-id']),
    ip: request.ip,
    request,
  };
}

/** The signed-in caller, or the reason there is none. */
export function requireUser(auth: AuthState): SignedInAuth {
  if (auth.kind === 'user') return auth;
  throw new AppError(auth.kind === 'invalid' ? auth.code : ErrorCode.NOT_SIGNED_IN);
}

/** The spec client's placeholder for "no user known": a report's `user_id: '1'` (spec §5). */
function isPlaceholderUser(name: CallName, value: unknown): boolean {
  return name === 'submit_photo_report' && value === REPORT_DEFAULT_USER_ID;
}

/**
 * A body `user_id` is never authority (DESIGN §3): when a signed-in caller's raw body names
 * someone else, the call is refused, whether or not the call's schema has the field (the schema
 * drops unknown fields, so the raw body is read). Null, absent and '' mean the caller.
 */
export function checkBodyUser(name: CallName, body: unknown, auth: AuthState): void {
  if (auth.kind !== 'user' || typeof body !== 'object' || body === null) return;
  if (Array.isArray(body) || !Object.hasOwn(body, 'user_id')) return;
  const value = (body as { user_id?: unknown }).user_id;
  if (value === undefined || value === null || value === '' || isPlaceholderUser(name, value)) {
    return;
  }
  const id = auth.user.id;
  const namesCaller = value === id || (typeof value === 'string' && value.trim() === String(id));
  if (!namesCaller) throw new AppError(ErrorCode.USER_MISMATCH);
}

/**
 * The checks every call makes before its handler: the caller, the body's `user_id` against the
 * caller, then the body against its schema.
 */
export function admitCall<N extends CallName>(
  name: N,
  request: FastifyRequest,
  body: unknown,
): { input: CallInput<N>; context: CallContext } {
  const call = API[name];
  const context = contextOf(request);
  if (call.auth === 'required') requireUser(context.auth);
  checkBodyUser(name, body, context.auth);
  const input = parseInput(call.request, body) as CallInput<N>;
  return { input, context };
}

/**
 * Registers one call of the contract: POST at its path, admitted as above, and the handler's
 * result wrapped in the success envelope. `waitForDisk: false` lets the answer leave before
 * the WAL flush (plugins/durability.ts).
 */
export function defineCall<N extends CallName>(
  app: FastifyInstance,
  name: N,
  handler: CallHandler<N>,
  options: { waitForDisk?: boolean } = {},
): void {
  app.post(API[name].path, { config: options }, async (request) => {
    // The multipart parser leaves the body unread (undefined), which would pass as `{}`.
    if (request.isMultipart()) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    const { input, context } = admitCall(name, request, request.body);
    const data = await handler(input, context);
    return okEnvelope(data, context.language);
  });
}
