import { describe, expect, it } from 'vitest';
import { checkChosenFile, checkChosenImage, refusalMessage } from './upload-limits';

const MB = 1024 * 1024;

describe('upload limits of a chosen file', () => {
  it('takes a file of exactly 10 MB and refuses one byte more', () => {
    expect(checkChosenFile({ size: 10 * MB, type: 'image/jpeg' })).toBeNull();
    expect(checkChosenFile({ size: 10 * MB + 1, type: 'image/jpeg' })).toBe('fileTooLarge');
  });

  it('takes JPEG, PNG and WebP, refuses other named types and leaves an unnamed one to the decoder', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', '']) {
      expect(checkChosenFile({ size: 1, type })).toBeNull();
    }
    for (const type of ['image/heic', 'image/gif', 'application/pdf']) {
      expect(checkChosenFile({ size: 1, type })).toBe('unsupported');
    }
  });

  it('takes 40 MP and a 256 px short side, refuses a pixel more or less', () => {
    expect(checkChosenImage({ width: 8000, height: 5000 })).toBeNull();
    expect(checkChosenImage({ width: 8001, height: 5000 })).toBe('imageTooLarge');
    expect(checkChosenImage({ width: 256, height: 2000 })).toBeNull();
    expect(checkChosenImage({ width: 2000, height: 255 })).toBe('imageTooSmall');
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
