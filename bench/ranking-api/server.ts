/**
 * The real server for the API ranking bench: bundled as `npm start` runs it, on a scratch SQLite
 * folder, every setting at its default except SEED_DEMO=0 (no demo photos, so the category holds
 * only the bench's uploads and every photo on the board has a known hidden strength).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FormData } from 'undici';
import type { BundleEntry } from '../lib/server-process.js';
import { Device, type Tally } from '../sybil/client.js';
import { sleep } from '../sybil/voting.js';
import { serveWorld, type World } from '../sybil/world.js';

/** The only setting changed from its default, and why (see the module comment). */
export const CHANGED_SETTINGS: Record<string, string> = { SEED_DEMO: '0' };

export function scratchRoot(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-ranking-api-'));
}

export async function startServer(bundle: BundleEntry, root: string, name: string): Promise<World> {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir, { recursive: true });
  return serveWorld(bundle, dataDir, path.join(root, `${name}.log`), CHANGED_SETTINGS);
}

/**
 * A source address of its own /24 for the k-th identity of a group (127.base.x.y): owners and
 * voters never share a /24, so no per-address or per-/24 limit sees two of them together.
 */
export function addressOf(base: number, k: number): string {
  return `127.${base + Math.floor(k / 250)}.${k % 250}.1`;
}

/** A small portrait-sized JPEG (480×640) from a random 6×8 colour grid: distinct per photo. */
export async function makeJpeg(): Promise<Buffer> {
  const grid = Buffer.alloc(6 * 8 * 3).map(() => Math.floor(Math.random() * 256));
  return sharp(grid, { raw: { width: 6, height: 8, channels: 3 } })
    .resize(480, 640, { fit: 'fill', kernel: 'cubic' })
    .jpeg({ quality: 82 })
    .toBuffer();
}

export interface Owner {
  device: Device;
  photoId: number;
}

interface UploadAnswer {
  token?: string;
  photo?: { id: number };
}

/**
 * One upload through the real API by a fresh device (no session: the answer makes it a device
 * account). Waits out 429xx; a refused image (e.g. taken for a duplicate) is replaced by a new
 * one, up to three times.
 */
async function uploadOne(url: string, address: string, categoryId: number, tally: Tally) {
  const device = new Device(url, address, tally);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const form = new FormData();
    form.append('category_id', String(categoryId));
    const image = await makeJpeg();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'me.jpg');
    const answer = await device.call<UploadAnswer>('/api/upload_photo', form);
    const photoId = answer.data?.photo?.id;
    if (answer.code === 0 && typeof answer.data?.token === 'string' && photoId !== undefined) {
      device.token = answer.data.token;
      return { device, photoId } satisfies Owner;
    }
    if (answer.code >= 42900 && answer.code < 43000) await sleep(5000);
    else if (attempt >= 3) break;
  }
  throw new Error(`upload from ${address} failed: ${tally.refusalSummary()}`);
}

/** N uploads, each by its own owner from its own /24, a few at a time. */
export async function uploadPhotos(
  url: string,
  categoryId: number,
  n: number,
  tally: Tally,
): Promise<Owner[]> {
  const owners: Owner[] = new Array<Owner>(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < n) {
        const k = next;
        next += 1;
        owners[k] = await uploadOne(url, addressOf(50, k), categoryId, tally);
      }
    }),
  );
  return owners;
}

interface MyPhotos {
  photos: { id: number; current_score: number; provisional: boolean }[];
}

/** Each owner's own photo as get_my_photos shows it: its displayed score, and provisional. */
export async function ownersView(
  owners: readonly Owner[],
): Promise<Map<number, { score: number; provisional: boolean }>> {
  const view = new Map<number, { score: number; provisional: boolean }>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < owners.length) {
        const owner = owners[next];
        next += 1;
        if (!owner) continue;
        for (let attempt = 0; attempt < 10; attempt += 1) {
          const answer = await owner.device.call<MyPhotos>('/api/get_my_photos', {});
          const mine = answer.data?.photos.find((photo) => photo.id === owner.photoId);
          if (answer.code === 0 && mine) {
            view.set(owner.photoId, { score: mine.current_score, provisional: mine.provisional });
            break;
          }
          await sleep(1000);
        }
      }
    }),
  );
  return view;
}
