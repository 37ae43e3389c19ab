import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  readStagedFile,
  UploadStagingRepository,
} from '../../src/repositories/upload-staging.repository.js';

/** A JPEG whose EXIF names a camera and a place: what must never be readable on disk. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#a05030' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'StagingCam', Model: 'S-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 2/1' },
    })
    .toBuffer();
}

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(root, entry))
    .filter((entry) => fs.statSync(entry).isFile());
}

let root: string;
let staging: UploadStagingRepository;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-staging-'));
  staging = new UploadStagingRepository(root);
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('upload staging (ADR 0019, amended)', () => {
  it('keeps an upload on disk only enciphered, and gives back exactly its bytes', async () => {
    const photo = await phonePhoto();
    // In pieces, as a request body arrives.
    const pieces = [photo.subarray(0, 100), photo.subarray(100, 1000), photo.subarray(1000)];
    const file = await staging.stage(Readable.from(pieces));
    expect(file.size).toBe(photo.length);
    // The hash of the plain bytes, not of the enciphered file (a share card is named by it).
    expect(file.sha256).toBe(createHash('sha256').update(photo).digest('hex'));
    expect(await file.bytes()).toEqual(photo);
    expect(await readStagedFile(file.ref)).toEqual(photo);

    const [onDisk] = filesUnder(root);
    if (onDisk === undefined) throw new Error('nothing staged');
    const sealed = fs.readFileSync(onDisk);
    expect(sealed.length).toBe(photo.length);
    expect(sealed.subarray(0, 2)).not.toEqual(Buffer.from([0xff, 0xd8]));
    expect(sealed.includes('StagingCam')).toBe(false);
    expect(sealed.includes('Exif')).toBe(false);
    expect(fs.statSync(onDisk).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(onDisk)).mode & 0o777).toBe(0o700);
  });

  it('makes each file unreadable to another process, which has not the key', async () => {
    const photo = await phonePhoto();
    const file = await staging.stage(Readable.from([photo]));
    const other = new UploadStagingRepository(root);
    const guessed = await other.stage(Readable.from([Buffer.alloc(1)]));
    const withOtherKey = await readStagedFile({ ...file.ref, key: guessed.ref.key });
    expect(withOtherKey).not.toEqual(photo);
    expect(withOtherKey.includes('StagingCam')).toBe(false);
  });

  it('removes a file on discard, twice without complaint', async () => {
    const file = await staging.stage(Readable.from([Buffer.from('abc')]));
    await file.discard();
    await file.discard();
    expect(filesUnder(root)).toEqual([]);
  });

  it('leaves nothing behind when the body breaks off mid-way', async () => {
    async function* breaking() {
      yield Buffer.alloc(64 * 1024, 1);
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('connection reset');
    }
    await expect(staging.stage(Readable.from(breaking()))).rejects.toThrow('connection reset');
    expect(filesUnder(root)).toEqual([]);
  });

  it('removes its folder on close', async () => {
    await staging.stage(Readable.from([Buffer.from('abc')]));
    await staging.close();
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it("sweeps the folders of this host's dead processes, never a live one's or another host's", async () => {
    await staging.stage(Readable.from([Buffer.from('mine')]));
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = ended.stdout.toString();
    const dead = path.join(root, `${os.hostname()}~${deadPid}~left-by-a-crash`);
    const elsewhere = path.join(root, `another-host~${deadPid}~theirs`);
    const alive = path.join(root, `${os.hostname()}~${process.ppid}~a-live-sibling`);
    for (const folder of [dead, elsewhere, alive]) {
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, 'x.upload'), 'sealed');
    }

    expect(await staging.sweepStale()).toBe(1);
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(elsewhere)).toBe(true);
    expect(fs.existsSync(alive)).toBe(true);
    expect(filesUnder(root).filter((file) => file.includes(`~${process.pid}~`))).toHaveLength(1);
  });
});
