import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStager, StagedFileRef, UploadedFile } from '../lib/uploaded-file.js';

const CIPHER = 'aes-256-ctr';
/** Between a staging folder's host, process id and nonce: no host name contains it. */
const SEPARATOR = '~';

/** Whether a process of this id runs on this host (this process counts as running). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads a staged file back and deciphers it (the server, and the image processes). */
export async function readStagedFile(ref: StagedFileRef): Promise<Buffer> {
  const decipher = createDecipheriv(CIPHER, ref.key, ref.iv);
  const plain = decipher.update(await readFile(ref.path));
  // CTR is a stream cipher: update has answered every byte, and final adds none.
  decipher.final();
  return plain;
}

class StagedUpload implements UploadedFile {
  constructor(
    readonly ref: StagedFileRef,
    readonly size: number,
    readonly sha256: string,
  ) {}

  bytes(): Promise<Buffer> {
    return readStagedFile(this.ref);
  }

  async discard(): Promise<void> {
    await rm(this.ref.path, { force: true });
  }
}

/**
 * Uploads on their way to the image processes (ADR 0019, amended): each file is enciphered as it
 * streams in, under a key made at start-up that lives only in memory, into a folder of this
 * process's own. So a waiting upload costs disk rather than memory, and the original's bytes
 * (EXIF, GPS) are never on disk in a readable form, not even after a crash (ADR 0008).
 */
export class UploadStagingRepository implements FileStager {
  private readonly key = randomBytes(32);
  private readonly folder: string;

  /**
   * `root` holds one folder per running process, named after its host and process id, so that
   * `sweepStale` can tell a dead process's folder from a live one's.
   */
  constructor(private readonly root: string) {
    this.folder = path.join(root, [os.hostname(), process.pid, randomUUID()].join(SEPARATOR));
  }

  async stage(source: Readable): Promise<UploadedFile> {
    // Every time: a folder is cheap to make and must exist whatever happened to it meanwhile.
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const ref: StagedFileRef = {
      path: path.join(this.folder, `${randomUUID()}.upload`),
      key: this.key,
      iv: randomBytes(16),
    };
    let size = 0;
    const hash = createHash('sha256');
    try {
      await pipeline(
        source,
        async function* measure(chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            hash.update(chunk);
            yield chunk;
          }
        },
        createCipheriv(CIPHER, ref.key, ref.iv),
        createWriteStream(ref.path, { flags: 'wx', mode: 0o600 }),
      );
    } catch (error) {
      await rm(ref.path, { force: true });
      throw error;
    }
    return new StagedUpload(ref, size, hash.digest('hex'));
  }

  /** Removes this process's folder (its files are unreadable without the key it forgets). */
  async close(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
  }

  /**
   * Removes the folders of this host's processes that ended without closing (a crash, a kill):
   * their files can never be read again. Another host's folders are that host's to sweep.
   * Answers how many it removed.
   */
  async sweepStale(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const [host, pid] = name.split(SEPARATOR);
      if (host !== os.hostname() || pid === undefined || isRunning(Number(pid))) continue;
      await rm(path.join(this.root, name), { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }
}
