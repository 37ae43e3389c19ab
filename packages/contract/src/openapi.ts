import { z } from 'zod';
import { API, CALL_NAMES } from './api.js';
import { UPLOAD_LIMITS } from './constants.js';
import { ERROR_MESSAGES, ErrorCode } from './errors.js';

type JsonSchema = z.core.JSONSchema.JSONSchema;
type MediaType = { schema: JsonSchema; encoding?: Record<string, { contentType: string }> };

/** A call's file part, with the limits the server holds it to (UPLOAD_LIMITS). */
const FILE_PART: JsonSchema = {
  type: 'string',
  format: 'binary',
  description:
    `${UPLOAD_LIMITS.formats.join(', ')} (decided by the bytes): at most ` +
    `${UPLOAD_LIMITS.maxBytes} bytes and ${UPLOAD_LIMITS.maxPixels} pixels, at least ` +
    `${UPLOAD_LIMITS.minShortSide} pixels on the short side.`,
  'x-upload-limits': {
    maxBytes: UPLOAD_LIMITS.maxBytes,
    maxPixels: UPLOAD_LIMITS.maxPixels,
    minShortSide: UPLOAD_LIMITS.minShortSide,
    formats: [...UPLOAD_LIMITS.formats],
  },
};

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
  };
}

/** The OpenAPI 3.1 document of the whole API, generated from the contract. */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const name of CALL_NAMES) {
    const call = API[name];
    const requestSchema = toSchema(call.request, 'input');
    const content: Record<string, MediaType> = {};
    if (call.body !== 'multipart') content['application/json'] = { schema: requestSchema };
    if (call.body !== 'json') {
      const multipart: JsonSchema = {
        ...requestSchema,
        properties: { ...requestSchema.properties, file: FILE_PART },
      };
      content['multipart/form-data'] = {
        schema: multipart,
        encoding: { file: { contentType: UPLOAD_LIMITS.mediaTypes.join(', ') } },
      };
    }
    paths[call.path] = {
      post: {
        operationId: name,
        summary: call.summary,
        description: `Auth: ${call.auth}. Application outcomes, errors included, answer HTTP 200 with the envelope.`,
        requestBody: { required: false, content },
        responses: {
          '200': {
            description: 'The envelope: code 0 with data, or a non-zero code with msg.',
            content: {
              'application/json': {
                schema: envelope(toSchema(call.response, 'output')),
              },
            },
          },
        },
      },
    };
  }
  const codes = Object.entries(ErrorCode).map(([name, code]) => ({
    name,
    code,
    msg: ERROR_MESSAGES[code].zh,
    msg_en: ERROR_MESSAGES[code].en,
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Yanzhi Arena API',
      version,
      description:
        'Every call is POST with a JSON body (multipart for files) and answers { code, msg, data }; code 0 is success.',
    },
    paths,
    'x-error-codes': codes,
  };
}
