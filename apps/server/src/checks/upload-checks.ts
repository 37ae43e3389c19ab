import { ErrorCode, UPLOAD_LIMITS } from '@yanzhi/contract';
import { AppError } from '../errors.js';
import type { PhotoRenderer } from '../repositories/image-processes.js';
import { UnreadableImageError, type RenderedPhoto } from '../repositories/image.repository.js';
import { inspectImageBytes } from '../lib/image-sniffer.js';
import type { UploadedFile } from '../lib/uploaded-file.js';

/**
 * The checks every uploaded image passes (ADR 0008), then its variants: byte checks first
 * (cheap, before any decoding), then one decode under the pixel limit. Used by uploads and by
 * share cards that feature an uploaded image, so both refuse a file with the same code.
 */
export async function renderUploadedImage(
  images: PhotoRenderer,
  file: UploadedFile | null,
): Promise<RenderedPhoto> {
  if (!file || file.size === 0) throw new AppError(ErrorCode.FILE_MISSING);
  // Read back for these checks only: the bytes are garbage again before the upload waits for an
  // image process, which reads the staged file itself.
  const inspection = inspectImageBytes(await file.bytes());
  if (inspection.kind === 'refused') {
    throw new AppError(
      {
        empty: ErrorCode.FILE_MISSING,
        unsupported: ErrorCode.UNSUPPORTED_IMAGE,
        unreadable: ErrorCode.IMAGE_UNREADABLE,
      }[inspection.reason],
    );
  }
  if (inspection.width * inspection.height > UPLOAD_LIMITS.maxPixels) {
    throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
  }
  if (inspection.defect === 'broken') throw new AppError(ErrorCode.IMAGE_UNREADABLE);
  if (inspection.defect === 'foreign') throw new AppError(ErrorCode.UNSUPPORTED_IMAGE);
  if (Math.min(inspection.width, inspection.height) < UPLOAD_LIMITS.minShortSide) {
    throw new AppError(ErrorCode.IMAGE_TOO_SMALL);
  }
  try {
    return await images.render(file.ref);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw new AppError(ErrorCode.IMAGE_UNREADABLE);
    throw error;
  }
}
