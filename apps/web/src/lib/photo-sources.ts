import { PHOTO_VARIANT_SIZES, type Image } from '@yanzhi/contract';

/**
 * The `srcset` of a photo's stored variants (ADR 0018), so the browser downloads what the frame
 * needs at the screen's density: the medium variant on most phones, the display one on dense
 * screens. `smallest: 'thumb'` adds the thumbnail, for frames a list or grid draws small. A
 * photo stored before the medium variant existed offers its display variant in its place.
 */
export function photoSrcSet(image: Image, smallest: 'thumb' | 'medium' = 'medium'): string {
  const sources = [`${image.url} ${String(image.width)}w`];
  if (image.medium_url !== null) {
    sources.unshift(`${image.medium_url} ${String(PHOTO_VARIANT_SIZES.medium.width)}w`);
  }
  if (smallest === 'thumb') {
    sources.unshift(`${image.thumb_url} ${String(PHOTO_VARIANT_SIZES.thumb.width)}w`);
  }
  return sources.join(', ');
}
