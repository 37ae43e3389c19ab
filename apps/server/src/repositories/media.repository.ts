import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Frames are 3:4 (UI.md); the display variant fits a phone screen at 2x, the thumb a grid cell. */
const DISPLAY = { width: 720, height: 960 } as const;
const THUMB = { width: 240, height: 320 } as const;
const PLACEHOLDER = { width: 12, height: 16 } as const;

/**
 * Decoding stops above this many pixels: sharp's default (about 268 MP) lets a small file
 * cost seconds and hundreds of MB (STACK.md); 40 MP is the product's upload limit.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface StoredVariants {
  width: number;
  height: number;
  placeholder: string;
  display_key: string;
  thumb_key: string;
}

/** The only code that touches the media folder and sharp. */
export class MediaRepository {
  constructor(readonly mediaDir: string) {}

  absolutePath(key: string): string {
    return path.join(this.mediaDir, ...key.split('/'));
  }

  /**
   * Re-encodes an image into the display and thumbnail WebP variants (auto-oriented, metadata
   * stripped: sharp writes none unless asked) and a tiny inline placeholder.
   */
  async storePhotoVariants(input: Buffer): Promise<StoredVariants> {
    const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const [display, thumb, placeholder] = await Promise.all([
      base
        .clone()
        .resize(DISPLAY.width, DISPLAY.height, { fit: 'cover', position: 'attention' })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true }),
      base
        .clone()
        .resize(THUMB.width, THUMB.height, { fit: 'cover', position: 'attention' })
        .webp({ quality: 72, effort: 4 })
        .toBuffer(),
      base
        .clone()
        .resize(PLACEHOLDER.width, PLACEHOLDER.height, { fit: 'cover' })
        .webp({ quality: 40 })
        .toBuffer(),
    ]);
    const id = randomBytes(16).toString('hex');
    const dir = `photos/${id.slice(0, 2)}`;
    const displayKey = `${dir}/${id}.webp`;
    const thumbKey = `${dir}/${id}-t.webp`;
    await this.writeAtomically(displayKey, display.data);
    try {
      await this.writeAtomically(thumbKey, thumb);
    } catch (error) {
      await this.deleteKeys([displayKey]);
      throw error;
    }
    return {
      width: display.info.width,
      height: display.info.height,
      placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`,
      display_key: displayKey,
      thumb_key: thumbKey,
    };
  }

  /** Removes files; a file already gone is not an error. */
  async deleteKeys(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.rm(this.absolutePath(key), { force: true })));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.absolutePath(key));
      return true;
    } catch {
      return false;
    }
  }

  /** Write to a temporary name, flush to disk, then rename: readers never see half a file. */
  private async writeAtomically(key: string, data: Buffer): Promise<void> {
    const target = this.absolutePath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(temporary, 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }
}
