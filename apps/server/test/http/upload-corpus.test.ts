import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, uploadPhotoResponseSchema } from '@yanzhi/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCorpus, QUADRANTS, type CorpusFile } from '../fixtures/make-corpus.js';
import {
  countRows,
  firstCategoryId,
  mediaFiles,
  stagedFiles,
  upload,
} from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects, makeTempDir } from '../support/database.js';

let corpusDir: string;
let corpus: CorpusFile[];

beforeAll(async () => {
  corpusDir = makeTempDir('yanzhi-corpus-');
  corpus = await makeCorpus(corpusDir);
}, 120_000);
afterAll(() => {
  fs.rmSync(corpusDir, { recursive: true, force: true });
});

const valid = () => corpus.filter((file) => file.expect === 0);
const hostile = () => corpus.filter((file) => file.expect !== 0);

/** The metadata a stored variant must not carry, and the private strings the sources carried. */
const PRIVATE_STRINGS = ['Exif', 'EXIF', 'XMP ', 'ICCP', 'CorpusCam', 'Someone Private', 'xmpmeta'];

async function expectNoMetadata(file: string): Promise<void> {
  const bytes = fs.readFileSync(file);
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  for (const text of PRIVATE_STRINGS)
    expect(bytes.includes(Buffer.from(text, 'latin1'))).toBe(false);
}

/** The colour at a point of a stored image, as [r, g, b]. */
async function colourAt(file: string, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(file)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

function expectColour(actual: number[], expected: readonly number[]): void {
  const distance = Math.max(
    ...expected.map((value, index) => Math.abs(value - (actual[index] ?? 0))),
  );
  expect(distance, `colour ${actual.join(',')} vs ${expected.join(',')}`).toBeLessThan(40);
}

describe('the corpus', () => {
  it('has at least 25 files, valid and hostile', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(25);
    expect(valid().length).toBeGreaterThanOrEqual(10);
    expect(hostile().length).toBeGreaterThanOrEqual(15);
    const sourceWithGps = corpus.find((file) => file.name === 'orientation-6.jpg');
    expect(sourceWithGps?.bytes.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD tag
  });
});

describe.each(dialects)('the upload corpus on %s', (dialect) => {
  let app: TestApp;
  let categoryId: number;
  beforeEach(async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_UPLOADS_PER_HOUR_IP: '1000' });
    categoryId = await firstCategoryId(app);
  });
  afterEach(() => app.close());

  it('stores every valid file upright, re-encoded, without any metadata', async () => {
    for (const [index, file] of valid().entries()) {
      const result = await upload(
        app,
        { bytes: file.bytes, name: file.name, type: file.type },
        { category_id: String(categoryId) },
        { headers: { 'device-id': `web-corpus-${index}` } },
      );
      expect(result.code, `${file.name}: ${result.msg}`).toBe(0);
      const { photo } = uploadPhotoResponseSchema.parse(result.data);
      expect(photo.image).toMatchObject({ width: 720, height: 960 });
      expect(photo.image.placeholder).toMatch(/^data:image\/webp;base64,/);

      const row = await app.db
        .selectFrom('photos')
        .selectAll()
        .where('id', '=', photo.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        state: 'active',
        current_score: 550,
        provisional: 1,
        is_demo: 0,
      });
      expect(row.phash).toMatch(/^[0-9a-f]{16}$/);

      const display = path.join(app.config.mediaDir, row.display_key);
      if (row.medium_key === null) throw new Error(`${file.name}: no medium variant`);
      const medium = path.join(app.config.mediaDir, row.medium_key);
      const thumb = path.join(app.config.mediaDir, row.thumb_key);
      expect(photo.image.medium_url).toBe(`/media/${row.medium_key}`);
      for (const variant of [display, medium, thumb]) await expectNoMetadata(variant);
      expect(await sharp(display).metadata()).toMatchObject({ width: 720, height: 960 });
      expect(await sharp(medium).metadata()).toMatchObject({ width: 480, height: 640 });
      expect(await sharp(thumb).metadata()).toMatchObject({ width: 240, height: 320 });
      // The medium variant is the frame most phones download: it must cost clearly less.
      expect(fs.statSync(medium).size).toBeLessThan(fs.statSync(display).size);

      if (file.orientation) {
        expectColour(await colourAt(display, 180, 240), QUADRANTS.topLeft);
        expectColour(await colourAt(display, 540, 240), QUADRANTS.topRight);
        expectColour(await colourAt(display, 180, 720), QUADRANTS.bottomLeft);
        expectColour(await colourAt(display, 540, 720), QUADRANTS.bottomRight);
      }
    }
    expect(await countRows(app, 'photos')).toBe(valid().length);
    expect(mediaFiles(app).filter((file) => file.endsWith('.tmp'))).toEqual([]);
    // Each upload's staged original is gone once it is answered.
    expect(fs.existsSync(app.config.stagingDir)).toBe(true);
    expect(stagedFiles(app)).toEqual([]);
  });

  it('refuses every hostile file with its code within 1 s, leaving no row and no file', async () => {
    const filesBefore = mediaFiles(app);
    for (const file of hostile()) {
      const result = await upload(
        app,
        { bytes: file.bytes, name: file.name, type: file.type },
        { category_id: String(categoryId) },
      );
      expect(result.code, `${file.name}: ${result.msg}`).toBe(file.expect);
      expect(result.ms, file.name).toBeLessThan(1000);
      expect(result.msg.length).toBeGreaterThan(0);
      expect(result.status).toBe(200);
      if (file.expect === ErrorCode.PAYLOAD_TOO_LARGE) expect(result.msg).toContain('10 MB');
    }
    expect(await countRows(app, 'photos')).toBe(0);
    expect(await countRows(app, 'users')).toBe(0);
    expect(mediaFiles(app)).toEqual(filesBefore);
    expect(stagedFiles(app)).toEqual([]);
  });

  it('serves a stored variant under /media/ as an immutable WebP', async () => {
    const file = valid()[0];
    if (!file) throw new Error('no valid file');
    const result = await upload(app, { bytes: file.bytes }, { category_id: String(categoryId) });
    const { photo } = uploadPhotoResponseSchema.parse(result.data);
    const served = await app.server.inject({ method: 'GET', url: photo.image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    for (const url of [photo.image.medium_url ?? '', photo.image.thumb_url]) {
      const variant = await app.server.inject({ method: 'GET', url });
      expect(variant.statusCode, url).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect(variant.headers['cache-control']).toContain('immutable');
    }
  });
});
