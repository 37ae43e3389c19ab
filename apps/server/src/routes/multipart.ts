import fastifyMultipart from '@fastify/multipart';
import { ErrorCode, FILE_TOO_LARGE_MESSAGE, UPLOAD_LIMITS } from '@yanzhi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Lets calls take multipart forms: one file of at most UPLOAD_LIMITS.maxBytes and a few short
 * text fields; anything beyond is refused while it streams in.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
}

export interface MultipartBody {
  file: Buffer | null;
  fields: Record<string, string>;
}

/**
 * Reads a multipart body: the `file` part into memory (the multipart plugin's file limit,
 * UPLOAD_LIMITS.maxBytes, stops it there; the original never touches the disk) and the text
 * fields.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && file === null) file = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
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
