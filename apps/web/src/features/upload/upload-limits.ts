import {
  ErrorCode,
  FILE_TOO_LARGE_MESSAGE,
  UPLOAD_LIMITS,
  errorMessage,
  type UploadFormat,
} from '@yanzhi/contract';
import type { Language } from '../../lib/i18n';
import { baseCropSize, type ImageSize } from './crop';

/**
 * The contract's upload limits, checked in the browser so that a photo the server would refuse
 * is refused at once, in the server's words. The server never sees the chosen file: it gets the
 * framed crop, re-encoded at most 1440 px long (crop.ts). So the chosen file is checked for what
 * survives the crop (its format, its frame's short side) and the rendered crop for the byte and
 * pixel limits just before it is sent. A 50 MB, 100 MP camera photo is therefore welcome.
 */
export type UploadRefusal = 'fileTooLarge' | 'unsupported' | 'imageTooLarge' | 'imageTooSmall';

/** The file input's `accept`: the formats the server takes. */
export const ACCEPTED_TYPES = UPLOAD_LIMITS.mediaTypes.join(',');

/** Before decoding: the type (what the server's sniffer would refuse). */
export function checkChosenFile(file: Pick<Blob, 'type'>): UploadRefusal | null {
  // A type the browser could not name ('') is left to the decoder, which refuses what it cannot read.
  const types: readonly string[] = UPLOAD_LIMITS.mediaTypes;
  if (file.type !== '' && !types.includes(file.type)) return 'unsupported';
  return null;
}

/**
 * After decoding: the short side of the largest 3:4 frame the photo holds, which is the short
 * side of what is sent (a 1000×300 photo is 300 px short but frames only 225 px across).
 */
export function checkChosenImage(image: ImageSize): UploadRefusal | null {
  const frame = baseCropSize(image);
  if (Math.min(frame.width, frame.height) < UPLOAD_LIMITS.minShortSide) return 'imageTooSmall';
  return null;
}

/** Just before sending: the rendered crop against the byte and pixel limits. */
export function checkRenderedCrop(blob: Pick<Blob, 'size'>, size: ImageSize): UploadRefusal | null {
  if (blob.size > UPLOAD_LIMITS.maxBytes) return 'fileTooLarge';
  if (size.width * size.height > UPLOAD_LIMITS.maxPixels) return 'imageTooLarge';
  return null;
}

/** The message the server gives for the same refusal, in the UI's language. */
export function refusalMessage(refusal: UploadRefusal, language: Language): string {
  const lang = language === 'en' ? 'en' : 'zh';
  switch (refusal) {
    case 'fileTooLarge':
      return FILE_TOO_LARGE_MESSAGE[lang];
    case 'unsupported':
      return errorMessage(ErrorCode.UNSUPPORTED_IMAGE, lang);
    case 'imageTooLarge':
      return errorMessage(ErrorCode.IMAGE_TOO_LARGE, lang);
    case 'imageTooSmall':
      return errorMessage(ErrorCode.IMAGE_TOO_SMALL, lang);
  }
}

/** How the formats are named to people (the file extensions they know). */
const FORMAT_NAMES: Readonly<Record<UploadFormat, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
};

/**
 * The figures of the limits line on the choose step ("JPEG/PNG/WebP · 短边 ≥256 像素"): what the
 * chosen photo must meet. The byte and pixel limits concern the crop the app renders, never the
 * chosen file, so showing them would turn away photos that upload fine.
 */
export function limitsLineParams() {
  return {
    formats: UPLOAD_LIMITS.formats.map((format) => FORMAT_NAMES[format]).join('/'),
    side: UPLOAD_LIMITS.minShortSide,
  };
}
