import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { photoJpeg } from '../fixtures/upload-client.js';
import { photoFileKeys, type PhotoFileKeys } from '../../src/repositories/media.repository.js';
import { makeTempDir } from '../support/database.js';
import { startServerProcess } from '../support/process.js';

/** The server on the test's data folder, with the sweep's grace at zero and no upload limits. */
function startServer(dataDir: string) {
  return startServerProcess({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    UPLOAD_ORPHAN_GRACE_SECONDS: '0',
    RATE_LIMIT_UPLOADS_PER_HOUR_USER: '100000',
    RATE_LIMIT_UPLOADS_PER_HOUR_IP: '100000',
  });
}

async function uploadOnce(url: string, bytes: Buffer, device: string): Promise<number | null> {
  const form = new FormData();
  form.append('category_id', '1');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  try {
    const response = await fetch(`${url}/api/upload_photo`, {
      method: 'POST',
      body: form,
      headers: { 'device-id': device },
    });
    const envelope = (await response.json()) as { code: number; data: { photo: { id: number } } };
    return envelope.code === 0 ? envelope.data.photo.id : null;
  } catch {
    return null; // the server died under this request: not acknowledged
  }
}

function mediaFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'media');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.webp'))
    .map((file) => file.split(path.sep).join('/'));
}

describe('uploads survive a killed server', () => {
  const dataDir = makeTempDir('yanzhi-crash-');
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no photo row without its files and no file without its row, and keeps every acknowledged upload', async () => {
    const acknowledged: number[] = [];
    let seed = 0;
    for (let round = 0; round < 3; round += 1) {
      const { child, url, exited } = await startServer(dataDir);
      const images = await Promise.all(
        Array.from({ length: 12 }, () => photoJpeg((seed += 1), 1200, 1600)),
      );
      let firstDone: () => void = () => undefined;
      const first = new Promise<void>((resolve) => {
        firstDone = resolve;
      });
      const uploads = images.map(async (bytes, index) => {
        const id = await uploadOnce(url, bytes, `web-crash-${round}-${index}`);
        if (id !== null) firstDone();
        return id;
      });
      // Kill without warning in the middle of the uploads: right after the first is acknowledged,
      // while the others are still being processed.
      await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      await new Promise((resolve) => setTimeout(resolve, 20 * round));
      child.kill('SIGKILL');
      await exited;
      for (const id of await Promise.all(uploads)) if (id !== null) acknowledged.push(id);
    }

    // A restart sweeps what a crash left between an upload's files and its row.
    const { child, url, exited } = await startServer(dataDir);
    let files: string[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      files = mediaFiles(dataDir);
      const db = new SQLite(path.join(dataDir, 'yanzhi.db'), { readonly: true });
      const keys = new Set(
        (
          db
            .prepare(
              "select display_key, medium_key, thumb_key from photos where state != 'deleted'",
            )
            .all() as PhotoFileKeys[]
        ).flatMap(photoFileKeys),
      );
      db.close();
      if (files.every((file) => keys.has(file))) break;
    }
    expect((await fetch(`${url}/healthz`)).ok).toBe(true);
    child.kill('SIGTERM');
    await exited;

    const db = new SQLite(path.join(dataDir, 'yanzhi.db'), { readonly: true });
    const rows = db
      .prepare("select id, display_key, medium_key, thumb_key from photos where state != 'deleted'")
      .all() as (PhotoFileKeys & { id: number })[];
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    const onDisk = new Set(mediaFiles(dataDir));
    for (const row of rows) {
      expect(onDisk.has(row.display_key), `photo ${row.id} display file`).toBe(true);
      expect(onDisk.has(row.medium_key ?? ''), `photo ${row.id} medium variant`).toBe(true);
      expect(onDisk.has(row.thumb_key), `photo ${row.id} thumbnail`).toBe(true);
    }
    const referenced = new Set(rows.flatMap(photoFileKeys));
    for (const file of onDisk) expect(referenced.has(file), `orphan ${file}`).toBe(true);
    const stored = new Set(rows.map((row) => row.id));
    for (const id of acknowledged) expect(stored.has(id), `acknowledged photo ${id}`).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(0);
  }, 180_000);
});
