import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_VARIANT_SIZES } from '@yanzhi/contract';
import sharp, { type Sharp } from 'sharp';

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
 * Decoding stops above this many pixels: sharp's default (about 268 MP) lets a small file
 * cost seconds and hundreds of MB (STACK.md); 40 MP is the product's upload limit.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Where processed photo variants live, under the media folder. */
export const PHOTOS_DIR = 'photos';
/** Where rendered share cards live (content-addressed names), under the media folder. */
export const CARDS_DIR = 'cards';

/** A photo's share cards live in a folder of their own, deleted with the photo. */
export function cardFolderOf(photoId: number): string {
  return `${CARDS_DIR}/${photoId}`;
}

/** Every image here is decoded once, so sharp's operation cache would only hold memory. */
sharp.cache(false);

export interface StoredVariants {
  width: number;
  height: number;
  placeholder: string;
  display_key: string;
  medium_key: string;
  thumb_key: string;
}

/** The file keys a photo row names; `medium_key` is null on rows older than that variant. */
export type PhotoFileKeys = Pick<StoredVariants, 'display_key' | 'thumb_key'> & {
  medium_key: string | null;
};

/** Every stored file of a photo, to delete or to check. */
export function photoFileKeys(photo: PhotoFileKeys): string[] {
  return [photo.display_key, photo.medium_key, photo.thumb_key].filter(
    (key): key is string => key !== null,
  );
}

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

export interface MediaFile {
  key: string;
  mtimeMs: number;
}

/** The only code that touches the media folder and sharp. */
export class MediaRepository {
  constructor(readonly mediaDir: string) {}

  absolutePath(key: string): string {
    return path.join(this.mediaDir, ...key.split('/'));
  }

  /** Renders and writes the variants of an image; the files exist when this resolves. */
  async storePhotoVariants(input: Buffer): Promise<StoredVariants & { phash: string }> {
    const rendered = await this.renderPhotoVariants(input);
    const keys = await this.writePhotoVariants(rendered);
    return {
      width: rendered.width,
      height: rendered.height,
      placeholder: rendered.placeholder,
      phash: rendered.phash,
      ...keys,
    };
  }

  /**
   * Decodes an image once (pixel limit, fail on errors, auto-oriented, alpha flattened, sRGB)
   * into a raw frame covering 720x960, then encodes every variant from raw pixels. Raw pixels
   * carry no metadata, so no EXIF, GPS, XMP, IPTC or ICC profile can reach a stored file.
   */
  async renderPhotoVariants(input: Buffer): Promise<RenderedPhoto> {
    try {
      const frame = await this.decodeFrame(input);
      const crop = await sharp(frame.data, { raw: frame.info })
        .resize(DISPLAY.width, DISPLAY.height, { fit: 'cover', position: 'attention' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const fromCrop = () => sharp(crop.data, { raw: crop.info });
      const [display, medium, thumb, placeholder, phash] = await Promise.all([
        fromCrop().webp({ quality: 80, effort: 4 }).toBuffer(),
        fromCrop().resize(MEDIUM.width, MEDIUM.height).webp({ quality: 78, effort: 4 }).toBuffer(),
        fromCrop().resize(THUMB.width, THUMB.height).webp({ quality: 72, effort: 4 }).toBuffer(),
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

  private async decodeFrame(input: Buffer) {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
    const { width, height } = (await sharp(input, options).metadata()).autoOrient;
    let pipeline = sharp(input, options).rotate();
    const region = centreRegion(width, height);
    if (region) pipeline = pipeline.extract(region);
    return pipeline
      .resize(DISPLAY.width, DISPLAY.height, { fit: 'outside' })
      .flatten({ background: ALPHA_BACKGROUND })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  }

  /** Writes rendered variants under fresh random names; nothing is left behind on failure. */
  async writePhotoVariants(
    rendered: Pick<RenderedPhoto, 'display' | 'medium' | 'thumb'>,
  ): Promise<Pick<StoredVariants, 'display_key' | 'medium_key' | 'thumb_key'>> {
    const id = randomBytes(16).toString('hex');
    const dir = `${PHOTOS_DIR}/${id.slice(0, 2)}`;
    const files = [
      { key: `${dir}/${id}.webp`, data: rendered.display },
      { key: `${dir}/${id}-m.webp`, data: rendered.medium },
      { key: `${dir}/${id}-t.webp`, data: rendered.thumb },
    ] as const;
    const written: string[] = [];
    try {
      for (const file of files) {
        await this.writeAtomically(file.key, file.data);
        written.push(file.key);
      }
    } catch (error) {
      await this.deleteKeys(written);
      throw error;
    }
    return { display_key: files[0].key, medium_key: files[1].key, thumb_key: files[2].key };
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

  /** The bytes of a stored file. */
  read(key: string): Promise<Buffer> {
    return fs.readFile(this.absolutePath(key));
  }

  /** Writes a file atomically and stamps it as last used at `usedAtMs`. */
  async writeFile(key: string, data: Buffer, usedAtMs: number): Promise<void> {
    await this.writeAtomically(key, data);
    await this.touch(key, usedAtMs);
  }

  /** Stamps a file as last used at `usedAtMs` (its mtime); false when there is no such file. */
  async touch(key: string, usedAtMs: number): Promise<boolean> {
    const time = new Date(usedAtMs);
    try {
      await fs.utimes(this.absolutePath(key), time, time);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /**
   * Deletes the files under `dir` (and its sub-folders) last used (mtime) at or before
   * `cutoffMs`, leftover temporary files included, and the sub-folders left empty; returns
   * their keys.
   */
  async deleteUnusedSince(dir: string, cutoffMs: number): Promise<string[]> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(this.absolutePath(dir), { withFileTypes: true });
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const entry of entries) {
      const key = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        removed.push(...(await this.deleteUnusedSince(key, cutoffMs)));
        // Only an empty folder goes; a card written meanwhile keeps it.
        await fs.rmdir(this.absolutePath(key)).catch(() => undefined);
        continue;
      }
      if (!entry.isFile()) continue;
      try {
        if ((await fs.stat(this.absolutePath(key))).mtimeMs > cutoffMs) continue;
      } catch {
        continue; // removed meanwhile
      }
      await fs.rm(this.absolutePath(key), { force: true });
      removed.push(key);
    }
    return removed;
  }

  /**
   * Keeps `kept` and the other files of a folder used last (mtime), `count` in all, and deletes
   * the rest; temporary files of a write under way are left alone. Returns the deleted keys.
   */
  async keepNewest(dir: string, count: number, kept: string): Promise<string[]> {
    let names: string[];
    try {
      names = (await fs.readdir(this.absolutePath(dir), { withFileTypes: true }))
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
        .map((entry) => entry.name);
    } catch {
      return [];
    }
    if (names.length <= count) return [];
    const files: MediaFile[] = [];
    for (const name of names) {
      const key = `${dir}/${name}`;
      try {
        files.push({ key, mtimeMs: (await fs.stat(this.absolutePath(key))).mtimeMs });
      } catch {
        // removed meanwhile
      }
    }
    const rank = (file: MediaFile) => (file.key === kept ? Number.POSITIVE_INFINITY : file.mtimeMs);
    files.sort((a, b) => rank(b) - rank(a) || a.key.localeCompare(b.key));
    const removed = files.slice(count).map((file) => file.key);
    await this.deleteKeys(removed);
    return removed;
  }

  /** Removes folders and everything in them; a folder already gone is not an error. */
  async deleteFolders(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => fs.rm(this.absolutePath(key), { recursive: true, force: true })),
    );
  }

  /** The files of each shard folder under photos/, one folder at a time (memory stays flat). */
  async *photoFileShards(): AsyncGenerator<MediaFile[]> {
    const root = this.absolutePath(PHOTOS_DIR);
    let shards: string[];
    try {
      shards = (await fs.readdir(root, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    } catch {
      return;
    }
    for (const shard of shards) {
      const files: MediaFile[] = [];
      for (const entry of await fs.readdir(path.join(root, shard), { withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const key = `${PHOTOS_DIR}/${shard}/${entry.name}`;
        try {
          files.push({ key, mtimeMs: (await fs.stat(this.absolutePath(key))).mtimeMs });
        } catch {
          // removed meanwhile
        }
      }
      yield files;
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
