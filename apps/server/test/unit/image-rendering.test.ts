import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { iccProfileDescription, isSrgbProfile } from '../../src/lib/icc-profile.js';
import { ImageRepository } from '../../src/repositories/image.repository.js';

/** A flat 600x800 JPEG of one colour, with the named profile embedded (or none). */
async function tagged(profile: 'srgb' | 'p3' | null): Promise<Buffer> {
  const image = sharp({
    create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 120, b: 60 } },
  });
  return (profile ? image.withIccProfile(profile) : image).jpeg({ quality: 95 }).toBuffer();
}

async function profileOf(profile: 'srgb' | 'p3' | 'cmyk'): Promise<Buffer> {
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } });
  const icc = (
    await image
      .withIccProfile(profile)
      .jpeg()
      .toBuffer()
      .then((b) => sharp(b).metadata())
  ).icc;
  if (!icc) throw new Error(`no ${profile} profile embedded`);
  return icc;
}

/** An ICC v2 profile holding only a `desc` tag with this text. */
function v2Profile(text: string): Buffer {
  const tag = Buffer.alloc(12 + text.length + 1);
  tag.write('desc', 0, 'latin1');
  tag.writeUInt32BE(text.length + 1, 8);
  tag.write(text, 12, 'latin1');
  const header = Buffer.alloc(128 + 4 + 12);
  header.write('acsp', 36, 'latin1');
  header.writeUInt32BE(1, 128);
  header.write('desc', 132, 'latin1');
  header.writeUInt32BE(header.length, 136);
  header.writeUInt32BE(tag.length, 140);
  return Buffer.concat([header, tag]);
}

async function displayPixel(input: Buffer): Promise<number[]> {
  const rendered = await new ImageRepository().renderPhotoVariants(input);
  const { data } = await sharp(rendered.display)
    .extract({ left: 360, top: 480, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

describe('rendering uploads: ICC profiles and alpha', () => {
  it('reads the description of v4 and v2 profiles, and tells sRGB from the others', async () => {
    expect(iccProfileDescription(await profileOf('srgb'))).toBe('sRGB');
    expect(isSrgbProfile(await profileOf('srgb'))).toBe(true);
    expect(isSrgbProfile(await profileOf('p3'))).toBe(false);
    expect(isSrgbProfile(await profileOf('cmyk'))).toBe(false);
    expect(iccProfileDescription(v2Profile('sRGB IEC61966-2.1'))).toBe('sRGB IEC61966-2.1');
    expect(isSrgbProfile(v2Profile('sRGB IEC61966-2.1'))).toBe(true);
    expect(isSrgbProfile(v2Profile('sRGB linear'))).toBe(false);
    expect(isSrgbProfile(v2Profile('Adobe RGB (1998)'))).toBe(false);
  });

  it('answers null for a malformed or truncated profile instead of throwing', async () => {
    const srgb = await profileOf('srgb');
    for (let length = 0; length < srgb.length; length += 7) {
      expect(() => iccProfileDescription(srgb.subarray(0, length))).not.toThrow();
    }
    expect(iccProfileDescription(Buffer.alloc(300, 0xff))).toBeNull();
    const lying = v2Profile('sRGB');
    lying.writeUInt32BE(0xffff_fff0, 136);
    expect(iccProfileDescription(lying)).toBeNull();
  });

  it('renders an sRGB-tagged photo exactly as the untagged one, and still converts Display P3', async () => {
    const untagged = await displayPixel(await tagged(null));
    expect(await displayPixel(await tagged('srgb'))).toEqual(untagged);
    // sharp writes the P3 file's numbers converted into P3: read raw, they are not the colour.
    const p3File = await tagged('p3');
    const { data: stored } = await sharp(p3File, { ignoreIcc: true })
      .extract({ left: 300, top: 400, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.abs((stored[0] ?? 0) - 200) + Math.abs((stored[2] ?? 0) - 60)).toBeGreaterThan(10);
    // Converted back to sRGB, the display variant shows the colour again.
    const p3 = await displayPixel(p3File);
    expect(Math.abs((p3[0] ?? 0) - (untagged[0] ?? 0))).toBeLessThanOrEqual(3);
    expect(Math.abs((p3[1] ?? 0) - (untagged[1] ?? 0))).toBeLessThanOrEqual(3);
    expect(Math.abs((p3[2] ?? 0) - (untagged[2] ?? 0))).toBeLessThanOrEqual(3);
  });

  it('lays transparent pixels on the page colour (#121018), whatever the format', async () => {
    const clear = sharp({
      create: {
        width: 600,
        height: 800,
        channels: 4,
        background: { r: 255, g: 255, b: 255, alpha: 0 },
      },
    });
    for (const file of [
      await clear.clone().png().toBuffer(),
      await clear.clone().webp().toBuffer(),
    ]) {
      const [r, g, b] = await displayPixel(file);
      // Lossy WebP rounds by a level or two.
      for (const [channel, page] of [
        [r, 0x12],
        [g, 0x10],
        [b, 0x18],
      ] as const) {
        expect(Math.abs((channel ?? 0) - page)).toBeLessThanOrEqual(2);
      }
    }
  });
});
