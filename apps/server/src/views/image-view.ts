import type { Image } from '@yanzhi/contract';
import type { PhotoRow } from '../db/schema.js';

type ImageColumns = Pick<
  PhotoRow,
  'display_key' | 'medium_key' | 'thumb_key' | 'width' | 'height' | 'placeholder'
>;

/** A photo's processed image as the contract shows it: variants under /media/ and the placeholder. */
export function imageOf(row: ImageColumns): Image {
  return {
    url: `/media/${row.display_key}`,
    medium_url: row.medium_key === null ? null : `/media/${row.medium_key}`,
    thumb_url: `/media/${row.thumb_key}`,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
  };
}
