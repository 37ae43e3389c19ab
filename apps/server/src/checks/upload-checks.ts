import { ErrorCode } from '@yanzhi/contract';
import { AppError } from '../errors.js';
import type { PhotoRenderer } from '../repositories/image-processes.js';
import {
  MAX_INPUT_PIXELS,
  UnreadableImageError,
  type RenderedPhoto,
} from '../repositories/media.repository.js';
import { inspectImageBytes } from '../repositories/upload.repository.js';

/** DESIGN §7: at least 256 px on the short side, at most 40 MP. */
const MIN_SHORT_SIDE = 256;

/**
 * The checks every uploaded image passes (ADR 0008), then its variants: byte checks first
 * (cheap, before any decoding), then one decode under the pixel limit. Used by uploads and by
 * share cards that feature an uploaded image, so both refuse a file with the same code.
 */
export async function renderUploadedImage(
  images: PhotoRenderer,
  file: Buffer | null,
): Promise<RenderedPhoto> {
  if (!file || file.length === 0) throw new AppError(ErrorCode.FILE_MISSING);
  const inspection = inspectImageBytes(file);
  if (inspection.kind === 'refused') {
    throw new AppError(
      {
        empty: ErrorCode.FILE_MISSING,
        unsupported: ErrorCode.UNSUPPORTED_IMAGE,
        unreadable: ErrorCode.IMAGE_UNREADABLE,
      }[inspection.reason],
    );
  }
  if (inspection.width * inspection.height > MAX_INPUT_PIXELS) {
    throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
  }
  if (inspection.defect === 'broken') throw new AppError(ErrorCode.IMAGE_UNREADABLE);
  if (inspection.defect === 'foreign') throw new AppError(ErrorCode.UNSUPPORTED_IMAGE);
  if (Math.min(inspection.width, inspection.height) < MIN_SHORT_SIDE) {
    throw new AppError(ErrorCode.IMAGE_TOO_SMALL);
  }
  try {
    return await images.render(file);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw new AppError(ErrorCode.IMAGE_UNREADABLE);
    throw error;
  }
}
