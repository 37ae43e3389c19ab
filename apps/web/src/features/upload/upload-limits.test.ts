import { describe, expect, it } from 'vitest';
import {
  checkChosenFile,
  checkChosenImage,
  checkRenderedCrop,
  refusalMessage,
} from './upload-limits';

const MB = 1024 * 1024;

describe('upload limits', () => {
  it('takes JPEG, PNG and WebP, refuses other named types and leaves an unnamed one to the decoder', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', '']) {
      expect(checkChosenFile({ type })).toBeNull();
    }
    for (const type of ['image/heic', 'image/gif', 'application/pdf']) {
      expect(checkChosenFile({ type })).toBe('unsupported');
    }
  });

  it('takes a photo whose 3:4 frame is 256 px across and refuses one a pixel less', () => {
    expect(checkChosenImage({ width: 256, height: 2000 })).toBeNull();
    expect(checkChosenImage({ width: 2000, height: 255 })).toBe('imageTooSmall');
    // 342 px tall frames 256.5 px across; 341 px frames 255.75.
    expect(checkChosenImage({ width: 4000, height: 342 })).toBeNull();
    expect(checkChosenImage({ width: 4000, height: 341 })).toBe('imageTooSmall');
    // A 100 MP camera photo is welcome: only its crop is sent.
    expect(checkChosenImage({ width: 12000, height: 9000 })).toBeNull();
  });

  it('sends a crop of at most 10 MB and 40 MP', () => {
    const size = { width: 1080, height: 1440 };
    expect(checkRenderedCrop({ size: 10 * MB }, size)).toBeNull();
    expect(checkRenderedCrop({ size: 10 * MB + 1 }, size)).toBe('fileTooLarge');
    expect(checkRenderedCrop({ size: MB }, { width: 8000, height: 5000 })).toBeNull();
    expect(checkRenderedCrop({ size: MB }, { width: 8001, height: 5000 })).toBe('imageTooLarge');
  });

  it('says each refusal in English as the server does', () => {
    expect(refusalMessage('fileTooLarge', 'en')).toBe('The photo is too large: at most 10 MB');
    expect(refusalMessage('unsupported', 'en')).toBe(
      'Only JPEG, PNG and WebP photos are supported',
    );
    expect(refusalMessage('imageTooLarge', 'en')).toBe(
      'The image is too large: at most 10 MB and 40 megapixels',
    );
    expect(refusalMessage('imageTooSmall', 'en')).toBe(
      'The image is too small: its short side needs at least 256 pixels',
    );
  });
});
