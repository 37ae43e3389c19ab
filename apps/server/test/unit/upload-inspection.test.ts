import { beforeAll, describe, expect, it } from 'vitest';
import { ImageRepository } from '../../src/repositories/image.repository.js';
import { inspectImageBytes } from '../../src/lib/image-sniffer.js';
import { scene } from '../fixtures/make-corpus.js';

let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;

beforeAll(async () => {
  jpeg = await scene(600, 800, 1).jpeg().toBuffer();
  png = await scene(600, 800, 2).png().toBuffer();
  webp = await scene(600, 800, 3).webp().toBuffer();
});

const mp4Box = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42\0\0\0\0isommp42'),
]);

describe('inspecting upload bytes before decoding', () => {
  it('reads format and declared size from the headers', () => {
    expect(inspectImageBytes(jpeg)).toEqual({
      kind: 'image',
      format: 'jpeg',
      width: 600,
      height: 800,
      defect: null,
    });
    expect(inspectImageBytes(png)).toMatchObject({ format: 'png', width: 600, height: 800 });
    expect(inspectImageBytes(webp)).toMatchObject({ format: 'webp', width: 600, height: 800 });
  });

  it('accepts what phones append after a JPEG: another JPEG, a Motion Photo MP4, a SEFT trailer, padding', () => {
    for (const trailer of [
      jpeg,
      Buffer.concat([mp4Box, Buffer.alloc(5000, 7)]),
      Buffer.concat([Buffer.from('data SEFH'), Buffer.from([1, 2, 3, 4]), Buffer.from('SEFT')]),
      Buffer.alloc(300),
    ]) {
      expect(inspectImageBytes(Buffer.concat([jpeg, trailer])).kind === 'image').toBe(true);
      expect(inspectImageBytes(Buffer.concat([jpeg, trailer]))).toMatchObject({ defect: null });
    }
  });

  it('calls archives, markup and unknown bytes after the container foreign', () => {
    const foreign = [
      Buffer.concat([jpeg, Buffer.from('PK\x03\x04rest of a zip', 'latin1')]),
      Buffer.concat([jpeg, jpeg, Buffer.from('<SCRIPT>alert(1)</SCRIPT>')]),
      Buffer.concat([jpeg, mp4Box, Buffer.from('PK\x05\x06'), Buffer.alloc(18)]),
      Buffer.concat([png, Buffer.from('anything at all')]),
      Buffer.concat([webp, Buffer.from('<?php echo 1; ?>')]),
    ];
    for (const bytes of foreign)
      expect(inspectImageBytes(bytes)).toMatchObject({ defect: 'foreign' });
  });

  it('keeps the declared size of a truncated file, so a truncated bomb is still too large', () => {
    const bomb = Buffer.from(png.subarray(0, 200));
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    expect(inspectImageBytes(bomb)).toMatchObject({
      width: 20_000,
      height: 20_000,
      defect: 'broken',
    });
    expect(inspectImageBytes(jpeg.subarray(0, 400))).toMatchObject({ defect: 'broken' });
    expect(inspectImageBytes(webp.subarray(0, webp.length - 10))).toMatchObject({
      defect: 'broken',
    });
  });

  it('names other image formats unsupported and everything else unreadable', () => {
    expect(inspectImageBytes(Buffer.alloc(0))).toEqual({ kind: 'refused', reason: 'empty' });
    for (const head of [
      'GIF87a',
      'II*\0',
      'MM\0*',
      '\0\0\0\x1cftypavif',
      '8BPS',
      '<svg width="1">',
    ]) {
      expect(inspectImageBytes(Buffer.from(head.padEnd(64, '\0'), 'latin1'))).toEqual({
        kind: 'refused',
        reason: 'unsupported',
      });
    }
    for (const head of ['%PDF-1.7', 'hello', '<html><body>', 'RIFF\0\0\0\0AVI LIST']) {
      expect(inspectImageBytes(Buffer.from(head.padEnd(64, ' '), 'latin1'))).toEqual({
        kind: 'refused',
        reason: 'unreadable',
      });
    }
  });
});

describe('rendering variants', () => {
  it('keeps only the centre of an extreme strip, so memory stays bounded', async () => {
    const images = new ImageRepository();
    const strip = await scene(8000, 300, 4).jpeg().toBuffer();
    const rendered = await images.renderPhotoVariants(strip);
    expect([rendered.width, rendered.height]).toEqual([720, 960]);
    expect(rendered.phash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives near-identical hashes to re-encodings and distant ones to other pictures', async () => {
    const images = new ImageRepository();
    const distance = (a: string, b: string) =>
      (BigInt(`0x${a}`) ^ BigInt(`0x${b}`)).toString(2).replace(/0/g, '').length;
    const a = (await images.renderPhotoVariants(jpeg)).phash;
    const again = (
      await images.renderPhotoVariants(await scene(600, 800, 1).webp({ quality: 50 }).toBuffer())
    ).phash;
    const other = (await images.renderPhotoVariants(png)).phash;
    expect(distance(a, again)).toBeLessThanOrEqual(4);
    expect(distance(a, other)).toBeGreaterThan(10);
  });
});
