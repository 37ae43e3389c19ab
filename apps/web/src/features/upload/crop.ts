import { UPLOAD_LIMITS } from '@yanzhi/contract';

/**
 * Cropping to the arena's 3:4 frame and downscaling before upload, so a 12 MP photo never
 * sends 10 MB: the crop is drawn to a canvas at most 1440 px on its long side and encoded as
 * JPEG 0.88. Geometry is in the image's own pixels and kept pure for tests.
 */

export const FRAME_RATIO = 3 / 4;
export const MAX_LONG_SIDE = 1440;
/** The server's shortest side: zooming in never leaves fewer real pixels across. */
export const MIN_SHORT_SIDE = UPLOAD_LIMITS.minShortSide;
export const MAX_ZOOM = 4;
export const JPEG_QUALITY = 0.88;

export interface ImageSize {
  width: number;
  height: number;
}

/** Where the frame sits on the image: its centre (image px) and zoom (1 = the largest 3:4 crop). */
export interface CropState {
  cx: number;
  cy: number;
  zoom: number;
}

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest 3:4 rectangle that fits in the image. */
export function baseCropSize({ width, height }: ImageSize): ImageSize {
  if (width / height > FRAME_RATIO) return { width: height * FRAME_RATIO, height };
  return { width, height: width / FRAME_RATIO };
}

/** How far one may zoom in: up to 4x, but never below 256 px of real pixels across. */
export function maxZoom(image: ImageSize): number {
  const base = baseCropSize(image);
  return Math.max(1, Math.min(MAX_ZOOM, base.width / MIN_SHORT_SIDE));
}

export function initialCrop(image: ImageSize): CropState {
  return { cx: image.width / 2, cy: image.height / 2, zoom: 1 };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The crop kept inside the image with a zoom in range. */
export function clampCrop(image: ImageSize, crop: CropState): CropState {
  const zoom = clamp(crop.zoom, 1, maxZoom(image));
  const base = baseCropSize(image);
  const halfW = base.width / zoom / 2;
  const halfH = base.height / zoom / 2;
  return {
    zoom,
    cx: clamp(crop.cx, halfW, image.width - halfW),
    cy: clamp(crop.cy, halfH, image.height - halfH),
  };
}

export function cropRect(image: ImageSize, crop: CropState): CropRect {
  const { cx, cy, zoom } = clampCrop(image, crop);
  const base = baseCropSize(image);
  const width = base.width / zoom;
  const height = base.height / zoom;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** The size the crop is drawn at: at most 1440 px long, never enlarged. */
export function outputSize(rect: CropRect): ImageSize {
  const scale = Math.min(1, MAX_LONG_SIDE / Math.max(rect.width, rect.height));
  return {
    width: Math.max(1, Math.round(rect.width * scale)),
    height: Math.max(1, Math.round(rect.height * scale)),
  };
}

/** Moves the crop by a drag of (dx, dy) screen px over a frame `frameWidth` px wide. */
export function dragCrop(
  image: ImageSize,
  crop: CropState,
  dx: number,
  dy: number,
  frameWidth: number,
): CropState {
  const rect = cropRect(image, crop);
  const perPixel = frameWidth > 0 ? rect.width / frameWidth : 0;
  return clampCrop(image, { ...crop, cx: crop.cx - dx * perPixel, cy: crop.cy - dy * perPixel });
}

/** The image's placement inside the frame, in percent of the frame (for CSS). */
export function previewPlacement(image: ImageSize, crop: CropState) {
  const rect = cropRect(image, crop);
  return {
    width: `${(image.width / rect.width) * 100}%`,
    left: `${(-rect.x / rect.width) * 100}%`,
    top: `${(-rect.y / rect.height) * 100}%`,
  };
}

export interface LoadedImage extends ImageSize {
  source: CanvasImageSource;
  url: string;
}

/** Decodes a chosen file (EXIF orientation is applied by the browser when drawing). */
export function loadImage(file: Blob): Promise<LoadedImage> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      resolve({ source: image, url, width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable image'));
    };
    image.src = url;
  });
}

/** Draws the crop, downscaled, and encodes it as a JPEG blob. */
export function renderCrop(image: LoadedImage, crop: CropState): Promise<Blob> {
  const rect = cropRect(image, crop);
  const size = outputSize(rect);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (context === null) return Promise.reject(new Error('no canvas'));
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image.source,
    rect.x,
    rect.y,
    rect.width,
    rect.height,
    0,
    0,
    size.width,
    size.height,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('encoding failed'));
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}
