import fastifyMultipart from '@fastify/multipart';
import { ErrorCode, FILE_TOO_LARGE_MESSAGE, UPLOAD_LIMITS } from '@yanzhi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { FileStager, UploadedFile } from '../lib/uploaded-file.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a form's file part goes as it streams in (decorated by the app). */
    uploads: FileStager;
  }
}

/**
 * Lets calls take multipart forms: one file of at most UPLOAD_LIMITS.maxBytes, staged by
 * `uploads`, and a few short text fields; anything beyond is refused while it streams in.
 */
export async function registerMultipart(app: FastifyInstance, uploads: FileStager): Promise<void> {
  app.decorate('uploads', uploads);
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
}

/** File-system errors of staging a file, which no request body causes. */
const STAGING_FAILURES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'EMFILE',
  'ENFILE',
]);

export interface MultipartBody {
  file: UploadedFile | null;
  fields: Record<string, string>;
}

/**
 * Reads a multipart body: the `file` part staged as it streams in (enciphered on disk, ADR 0019
 * amended; the multipart plugin's file limit, UPLOAD_LIMITS.maxBytes, stops it there) and the
 * text fields. A body refused after its file was staged leaves no file behind; otherwise the
 * caller discards the file once the call is answered.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  let file: UploadedFile | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && file === null) {
          file = await request.server.uploads.stage(part.file);
          // The plugin ends a file at its limit; it is refused whole, never kept cut short.
          if (part.file.truncated) {
            throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, FILE_TOO_LARGE_MESSAGE);
          }
        } else {
          part.file.resume();
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await file?.discard();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    // The staging disk failing (full, read-only, out of descriptors) is the server's fault: an
    // internal error, logged, not a malformed body.
    if (typeof code === 'string' && STAGING_FAILURES.has(code)) throw error;
    // A photo over the limit is the user's to fix (pick another): an application answer, HTTP
    // 200 with a message that says so (ADR 0001). Part and field counts beyond the plugin's limits
    // are a broken client: the envelope answers 413. Anything else is not well-formed multipart.
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, FILE_TOO_LARGE_MESSAGE);
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError(ErrorCode.MALFORMED_BODY);
  }
  return { file, fields };
}
