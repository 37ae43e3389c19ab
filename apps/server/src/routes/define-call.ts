import {
  API,
  ErrorCode,
  okEnvelope,
  type Api,
  type CallInput,
  type CallName,
  type CallResponse,
  type MessageLanguage,
  isPlaceholderUserId,
} from '@yanzhi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { pickLanguage } from '../lib/language.js';
import type { UploadedFile } from '../lib/uploaded-file.js';
import { parseInput } from '../lib/validation.js';
import type { AuthState, SignedInAuth } from '../services/auth.service.js';
import { readMultipart } from './multipart.js';

export interface CallContext {
  auth: AuthState;
  language: MessageLanguage;
  deviceId: string | null;
  ip: string;
  request: FastifyRequest;
}

/** The file part of a call that takes a multipart form (null when none was sent); none else. */
type FormFile<N extends CallName> = Api[N]['body'] extends 'json'
  ? unknown
  : { file: UploadedFile | null };

/** What a handler receives: the fields its contract schema validated, and its file if any. */
export type CallArguments<N extends CallName> = CallInput<N> & FormFile<N>;

export type CallHandler<N extends CallName> = (
  input: CallArguments<N>,
  context: CallContext,
) => Promise<CallResponse<N>>;

export interface CallOptions {
  /** false lets the answer leave before the WAL flush (plugins/durability.ts). */
  waitForDisk?: boolean;
  /**
   * Counts a multipart call against its limits before its form is read: a file costs to
   * receive, and the caller's token may be inside the form.
   */
  beforeForm?: (context: CallContext) => Promise<void>;
}

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

/**
 * Whether a body `user_id` means "the caller": null, absent, '' and the spec client's
 * placeholder ('1' by default on a report, spec §5, and the number 1: ADR 0002), on every call.
 */
function isPlaceholderUser(value: unknown): boolean {
  return value === undefined || value === null || value === '' || isPlaceholderUserId(value);
}

/**
 * A body `user_id` is never authority (DESIGN §3): when a signed-in caller's raw body names
 * someone else, the call is refused, whether or not the call's schema has the field (the schema
 * drops unknown fields, so the raw body is read). A placeholder is no disagreement.
 */
export function checkBodyUser(body: unknown, auth: AuthState): void {
  if (auth.kind !== 'user' || typeof body !== 'object' || body === null) return;
  if (Array.isArray(body) || !Object.hasOwn(body, 'user_id')) return;
  const value = (body as { user_id?: unknown }).user_id;
  if (isPlaceholderUser(value)) return;
  const id = auth.user.id;
  const namesCaller = value === id || (typeof value === 'string' && value.trim() === String(id));
  if (!namesCaller) throw new AppError(ErrorCode.USER_MISMATCH);
}

/**
 * The body in the form the call's contract takes (`body`): JSON, or a multipart form read once
 * its limits allow it, with the file part kept apart from the text fields. Any other form is
 * refused before anything is counted or read.
 */
async function readBody(
  name: CallName,
  request: FastifyRequest,
  context: CallContext,
  beforeForm: CallOptions['beforeForm'],
): Promise<{ fields: unknown; file: UploadedFile | null }> {
  const takes = API[name].body;
  if (!request.isMultipart()) {
    if (takes === 'multipart') throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    return { fields: request.body, file: null };
  }
  // The multipart parser leaves the body unread (undefined), which would pass as `{}`.
  if (takes === 'json') throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  await beforeForm?.(context);
  return readMultipart(request);
}

/**
 * The checks every call makes before its handler: the caller, the body's `user_id` against the
 * caller, then the body against its schema.
 */
function admitCall<N extends CallName>(
  name: N,
  context: CallContext,
  body: { fields: unknown; file: UploadedFile | null },
): CallArguments<N> {
  const call = API[name];
  if (call.auth === 'required') requireUser(context.auth);
  checkBodyUser(body.fields, context.auth);
  const input = parseInput(call.request, body.fields) as CallInput<N>;
  return (call.body === 'json' ? input : { ...input, file: body.file }) as CallArguments<N>;
}

/**
 * Registers one call of the contract: POST at its path, its body read as the contract says
 * (JSON or a multipart form), admitted as above, and the handler's result wrapped in the
 * success envelope.
 */
export function defineCall<N extends CallName>(
  app: FastifyInstance,
  name: N,
  handler: CallHandler<N>,
  options: CallOptions = {},
): void {
  const { beforeForm, ...config } = options;
  app.post(API[name].path, { config }, async (request) => {
    const context = contextOf(request);
    const body = await readBody(name, request, context, beforeForm);
    try {
      const data = await handler(admitCall(name, context, body), context);
      return okEnvelope(data, context.language);
    } finally {
      // A staged upload lives as long as its call, whatever the answer.
      await body.file?.discard();
    }
  });
}
