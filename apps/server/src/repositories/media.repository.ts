import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where processed photo variants live, under the media folder. */
export const PHOTOS_DIR = 'photos';
/** Where rendered share cards live (content-addressed names), under the media folder. */
export const CARDS_DIR = 'cards';

/** A photo's share cards live in a folder of their own, deleted with the photo. */
export function cardFolderOf(photoId: number): string {
  return `${CARDS_DIR}/${photoId}`;
}

/** The encoded variants of one photo, to be stored. */
export interface PhotoVariantFiles {
  display: Buffer;
  medium: Buffer;
  thumb: Buffer;
}

/** Where a photo's variants were stored (a type, not an interface: Object.values types it). */
export type PhotoVariantKeys = {
  display_key: string;
  medium_key: string;
  thumb_key: string;
};

/** The file keys a photo row names; `medium_key` is null on rows older than that variant. */
export type PhotoFileKeys = Omit<PhotoVariantKeys, 'medium_key'> & { medium_key: string | null };

/** Every stored file of a photo, to delete or to check. */
export function photoFileKeys(photo: PhotoFileKeys): string[] {
  return [photo.display_key, photo.medium_key, photo.thumb_key].filter(
    (key): key is string => key !== null,
  );
}

export interface MediaFile {
  key: string;
  mtimeMs: number;
}

/** The only code that touches the media folder: photo variants and share cards, as files. */
export class MediaRepository {
  constructor(readonly mediaDir: string) {}

  absolutePath(key: string): string {
    return path.join(this.mediaDir, ...key.split('/'));
  }

  /**
   * Writes a photo's variants under fresh random names; the files exist when this resolves, and
   * nothing is left behind on failure.
   */
  async writePhotoVariants(rendered: PhotoVariantFiles): Promise<PhotoVariantKeys> {
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
