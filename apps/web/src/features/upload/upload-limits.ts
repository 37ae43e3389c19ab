import {
  ErrorCode,
  FILE_TOO_LARGE_MESSAGE,
  UPLOAD_LIMITS,
  errorMessage,
  type UploadFormat,
} from '@yanzhi/contract';
import type { Language } from '../../lib/i18n';
import type { ImageSize } from './crop';

/**
 * The contract's upload limits checked on the chosen file before it is framed and sent, so a
 * photo the server would refuse is refused at once, in the server's words. They apply to the
 * chosen file, not to the crop (which only ever shrinks it): what the user picked is what the
 * message talks about.
 */
export type UploadRefusal = 'fileTooLarge' | 'unsupported' | 'imageTooLarge' | 'imageTooSmall';

/** The file input's `accept`: the formats the server takes. */
export const ACCEPTED_TYPES = UPLOAD_LIMITS.mediaTypes.join(',');

/** Before decoding: the byte size, then the type (the server's order: its byte limit, then its sniffer). */
export function checkChosenFile(file: Pick<Blob, 'size' | 'type'>): UploadRefusal | null {
  if (file.size > UPLOAD_LIMITS.maxBytes) return 'fileTooLarge';
  // A type the browser could not name ('') is left to the decoder, which refuses what it cannot read.
  const types: readonly string[] = UPLOAD_LIMITS.mediaTypes;
  if (file.type !== '' && !types.includes(file.type)) return 'unsupported';
  return null;
}

/** After decoding: the pixel count, then the short side (the server's order). */
export function checkChosenImage({ width, height }: ImageSize): UploadRefusal | null {
  if (width * height > UPLOAD_LIMITS.maxPixels) return 'imageTooLarge';
  if (Math.min(width, height) < UPLOAD_LIMITS.minShortSide) return 'imageTooSmall';
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
  jpeg: 'JPG',
  png: 'PNG',
  webp: 'WebP',
};

/** The figures of the limits line on the choose step ("JPG/PNG/WebP · ≤10 MB · 短边 ≥256 px"). */
export function limitsLineParams() {
  return {
    formats: UPLOAD_LIMITS.formats.map((format) => FORMAT_NAMES[format]).join('/'),
    mb: UPLOAD_LIMITS.maxBytes / (1024 * 1024),
    side: UPLOAD_LIMITS.minShortSide,
  };
}
