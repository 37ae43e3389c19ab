import type { Image } from '../src/index.js';
import { describe, expect, it } from 'vitest';
import { photoSrcSet } from '../src/index.js';

const image: Image = {
  url: '/media/photos/ab/ab.webp',
  medium_url: '/media/photos/ab/ab-m.webp',
  thumb_url: '/media/photos/ab/ab-t.webp',
  width: 720,
  height: 960,
  placeholder: '',
};

describe('photoSrcSet', () => {
  it('offers the medium and display variants with their widths', () => {
    expect(photoSrcSet(image)).toBe(
      '/media/photos/ab/ab-m.webp 480w, /media/photos/ab/ab.webp 720w',
    );
  });

  it('starts at the thumbnail for frames drawn small', () => {
    expect(photoSrcSet(image, 'thumb')).toBe(
      '/media/photos/ab/ab-t.webp 240w, /media/photos/ab/ab-m.webp 480w, /media/photos/ab/ab.webp 720w',
    );
  });

  it('falls back to the display variant for a photo without a medium one', () => {
    const older = { ...image, medium_url: null };
    expect(photoSrcSet(older)).toBe('/media/photos/ab/ab.webp 720w');
    expect(photoSrcSet(older, 'thumb')).toBe(
      '/media/photos/ab/ab-t.webp 240w, /media/photos/ab/ab.webp 720w',
    );
  });
});
