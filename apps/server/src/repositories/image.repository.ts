import { PHOTO_VARIANT_SIZES, UPLOAD_LIMITS } from '@yanzhi/contract';
import type { Sharp } from 'sharp';
import { isSrgbProfile } from '../lib/icc-profile.js';
import { loadSharp } from './sharp-loader.js';

/**
 * Frames are 3:4 (UI.md); the display variant fits a phone screen at 2-3x, the medium one an
 * arena frame at about 2x (what most phones download, ADR 0018), the thumb a grid cell.
 */
const DISPLAY = PHOTO_VARIANT_SIZES.display;
const MEDIUM = PHOTO_VARIANT_SIZES.medium;
const THUMB = PHOTO_VARIANT_SIZES.thumb;
const PLACEHOLDER = { width: 12, height: 16 } as const;
/** Transparent pixels land on the dark page colour (UI.md) rather than on black or white. */
const ALPHA_BACKGROUND = '#121018';
/**
 * Longer/shorter side beyond which only the centre is kept before resizing. A 3:4 frame never
 * shows more than that, and a 600:1 strip scaled to cover 720x960 would need gigabytes.
 */
const MAX_ASPECT = 4;

/**
 * libwebp's effort (0-6) for the variants. 2 encodes a 720x960 frame in under half the time of 4
 * (the default) for files about 5-7% larger (ADR 0019, amended): an upload's wait is the user's,
 * the bytes are a phone's to download once behind a long cache.
 */
const WEBP_EFFORT = 2;
type SharpModule = Awaited<ReturnType<typeof loadSharp>>;

/** The re-encoded variants of one image, still in memory. */
export interface RenderedPhoto {
  width: number;
  height: number;
  placeholder: string;
  display: Buffer;
  medium: Buffer;
  thumb: Buffer;
  /** 64-bit difference hash of the whole oriented image, 16 hex digits. */
  phash: string;
}

/** sharp could not decode the image (corrupt data, or not an image after all). */
export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

/**
 * Decodes and re-encodes photos with sharp (share cards have their own renderer). It reads the
 * bytes it is given and answers bytes; storing them is the media repository's job. It runs in
 * the image processes for uploads (ADR 0019) and in the server process for the demo photos.
 */
export class ImageRepository {
  /**
   * Decodes an image once (pixel limit, fail on errors, auto-oriented, alpha flattened, sRGB)
   * into a raw frame covering 720x960, then encodes every variant from raw pixels. Raw pixels
   * carry no metadata, so no EXIF, GPS, XMP, IPTC or ICC profile can reach a stored file.
   */
  async renderPhotoVariants(input: Buffer): Promise<RenderedPhoto> {
    const sharp = await loadSharp();
    try {
      const frame = await this.decodeFrame(sharp, input);
      const crop = await sharp(frame.data, { raw: frame.info })
        .resize(DISPLAY.width, DISPLAY.height, { fit: 'cover', position: 'attention' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const fromCrop = () => sharp(crop.data, { raw: crop.info });
      const [display, medium, thumb, placeholder, phash] = await Promise.all([
        fromCrop().webp({ quality: 80, effort: WEBP_EFFORT }).toBuffer(),
        fromCrop()
          .resize(MEDIUM.width, MEDIUM.height)
          .webp({ quality: 78, effort: WEBP_EFFORT })
          .toBuffer(),
        fromCrop()
          .resize(THUMB.width, THUMB.height)
          .webp({ quality: 72, effort: WEBP_EFFORT })
          .toBuffer(),
        fromCrop().resize(PLACEHOLDER.width, PLACEHOLDER.height).webp({ quality: 40 }).toBuffer(),
        differenceHash(sharp(frame.data, { raw: frame.info })),
      ]);
      return {
        width: crop.info.width,
        height: crop.info.height,
        placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`,
        display,
        medium,
        thumb,
        phash,
      };
    } catch (error) {
      // The bytes were checked before (format, structure, size): what sharp still refuses is
      // damaged pixel data.
      throw new UnreadableImageError(error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  }

  private async decodeFrame(sharp: SharpModule, input: Buffer) {
    // sharp's default pixel limit (about 268 MP) lets a small file cost seconds and hundreds of
    // MB (STACK.md): decoding stops at the product's upload limit.
    const options = { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'error' } as const;
    const metadata = await sharp(input, options).metadata();
    const { width, height } = metadata.autoOrient;
    // Converting sRGB-profiled pixels to sRGB is an identity that costs a fifth of the decode of
    // a phone photo; any other profile (Display P3, Adobe RGB, CMYK) is converted.
    const ignoreIcc =
      metadata.space === 'srgb' && metadata.icc !== undefined && isSrgbProfile(metadata.icc);
    let pipeline = sharp(input, { ...options, ignoreIcc }).rotate();
    const region = centreRegion(width, height);
    if (region) pipeline = pipeline.extract(region);
    pipeline = pipeline.resize(DISPLAY.width, DISPLAY.height, { fit: 'outside' });
    // Only an image with alpha has anything to flatten; on the others it is a tenth of the decode.
    if (metadata.hasAlpha) pipeline = pipeline.flatten({ background: ALPHA_BACKGROUND });
    return pipeline
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  }
}

/** The centred region of an extreme strip that keeps at most MAX_ASPECT:1; null when not needed. */
function centreRegion(
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } | null {
  if (width > height * MAX_ASPECT) {
    const kept = height * MAX_ASPECT;
    return { left: Math.floor((width - kept) / 2), top: 0, width: kept, height };
  }
  if (height > width * MAX_ASPECT) {
    const kept = width * MAX_ASPECT;
    return { left: 0, top: Math.floor((height - kept) / 2), width, height: kept };
  }
  return null;
}

/**
 * dHash: the image shrunk to 9x8 grey levels, one bit per horizontal neighbour pair (is the
 * right one brighter?). Re-encoding, resizing and small edits keep most bits.
 */
async function differenceHash(image: Sharp): Promise<string> {
  const pixels = await image.resize(9, 8, { fit: 'fill' }).greyscale().raw().toBuffer();
  let hex = '';
  for (let row = 0; row < 8; row += 1) {
    let byte = 0;
    for (let column = 0; column < 8; column += 1) {
      const left = pixels[row * 9 + column] ?? 0;
      const right = pixels[row * 9 + column + 1] ?? 0;
      byte = (byte << 1) | (right > left ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}
