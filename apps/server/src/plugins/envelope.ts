import {
  API,
  CALL_NAMES,
  ErrorCode,
  errorEnvelope,
  errorMessage,
  type ErrorCodeValue,
} from '@yanzhi/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { pickLanguage } from '../lib/language.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const API_PATHS = new Set(CALL_NAMES.map((name) => API[name].path));

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** Answers with the envelope of an error code and a real HTTP status (ADR 0001). */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: Exclude<ErrorCodeValue, 0>,
  detail?: { zh: string; en: string },
  data: unknown = null,
) {
  const language = pickLanguage(request.headers['accept-language']);
  const msg = detail ? detail[language] : errorMessage(code, language);
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(errorEnvelope(code, msg, data));
}

/**
 * Maps a Fastify error raised before the application ran to a status and a code. The HTTP
 * status says whether the request reached the application (ADR 0001).
 */
function classify(
  error: Partial<FastifyError> & Error,
): { status: number; code: Exclude<ErrorCodeValue, 0> } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, code: ErrorCode.UNSUPPORTED_MEDIA_TYPE };
    default:
      break;
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, code: ErrorCode.MALFORMED_BODY };
  }
  if (error.statusCode === 413) return { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE };
  if (error.statusCode === 415) return { status: 415, code: ErrorCode.UNSUPPORTED_MEDIA_TYPE };
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: 400, code: ErrorCode.BAD_REQUEST };
  }
  return null;
}

/**
 * One error handler for everything: application outcomes answer HTTP 200 with the envelope;
 * requests that never reached the application answer their HTTP status with the envelope; an
 * unexpected error answers 500 with a generic message and is logged, never leaked.
 */
export function registerEnvelope(app: FastifyInstance): void {
  // The spec's client sends `content-type: application/json` even with no body (get_categories).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      // Strict: invalid UTF-8 is a broken body, not text quietly mended with U+FFFD.
      text = strictUtf8.decode(typeof body === 'string' ? Buffer.from(body) : body);
    } catch {
      done(new SyntaxError('The body is not valid UTF-8'), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    void parseJson(request, text, done);
  });

  app.setErrorHandler((error: Error, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, 200, error.code, error.detail, error.data);
    }
    const fastifyError: Partial<FastifyError> & Error = error;
    const known = classify(fastifyError);
    if (known) {
      request.log.info(
        { code: fastifyError.code, status: known.status, reason: fastifyError.message },
        'request refused',
      );
      return sendError(request, reply, known.status, known.code);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 500, ErrorCode.INTERNAL);
  });
}

/** Unknown /api paths and wrong methods get the envelope; other misses are for the web app. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = pathOf(request.url);
  if (API_PATHS.has(path as (typeof API)[keyof typeof API]['path']) && request.method !== 'POST') {
    return sendError(request, reply.header('allow', 'POST'), 405, ErrorCode.METHOD_NOT_ALLOWED);
  }
  return sendError(request, reply, 404, ErrorCode.NOT_FOUND);
}
