import { describe, expect, it } from 'vitest';
import { PHOTO_VARIANT_SIZES, imageSchema, pairSchema } from '../src/index.js';

const image = {
  url: '/media/photos/ab/ab12.webp',
  medium_url: '/media/photos/ab/ab12-m.webp',
  thumb_url: '/media/photos/ab/ab12-t.webp',
  width: 720,
  height: 960,
  placeholder: 'data:image/webp;base64,UklGRg==',
};

describe('image (photo variants)', () => {
  it('carries the display, medium and thumbnail variants', () => {
    expect(imageSchema.parse(image)).toEqual(image);
  });

  it('has a null medium variant for photos stored before it existed', () => {
    expect(imageSchema.parse({ ...image, medium_url: null }).medium_url).toBeNull();
  });

  it('always names the medium variant, even when there is none', () => {
    const { medium_url: _omitted, ...withoutMedium } = image;
    expect(imageSchema.safeParse(withoutMedium).success).toBe(false);
  });

  it('is inside every served pair', () => {
    const card = { id: 1, image, is_boosted: false };
    const pair = {
      pair_id: 'p1',
      category_id: 1,
      photos: [card, { ...card, id: 2, image: { ...image, medium_url: null } }],
      expires_at: '2026-11-21T04:00:00.000Z',
    };
    expect(pairSchema.parse(pair).photos[1].image.medium_url).toBeNull();
  });

  it('has 3:4 variants, each smaller than the one above it', () => {
    const sizes = [
      PHOTO_VARIANT_SIZES.display,
      PHOTO_VARIANT_SIZES.medium,
      PHOTO_VARIANT_SIZES.thumb,
    ];
    for (const size of sizes) expect(size.width * 4).toBe(size.height * 3);
    expect(sizes.map((size) => size.width)).toEqual([720, 480, 240]);
  });
});
