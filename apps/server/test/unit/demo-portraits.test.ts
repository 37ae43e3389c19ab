import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import {
  demoAppeal,
  renderDemoPortraitSvg,
  type DemoCategorySlug,
} from '../../src/seed/demo-portraits.js';

const CATEGORIES: DemoCategorySlug[] = ['female', 'male', 'celebrity', 'ai'];
const SEEDS = [0, 1, 2, 7, 42, 1234];

/** A 36x48 RGB thumbnail: enough to tell two portraits apart, cheap to compare. */
async function thumbnail(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(36, 48).removeAlpha().raw().toBuffer();
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe.each(CATEGORIES)('demo portraits: %s', (category) => {
  it('renders several seeds to 720x960 PNGs', async () => {
    for (const seed of SEEDS) {
      const svg = renderDemoPortraitSvg(category, seed);
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([720, 960]);
    }
  });

  it('is deterministic: the same seed gives identical SVG', () => {
    for (const seed of SEEDS) {
      expect(renderDemoPortraitSvg(category, seed)).toBe(renderDemoPortraitSvg(category, seed));
    }
  });

  it('draws visibly different portraits for different seeds', async () => {
    const thumbs = await Promise.all(
      SEEDS.map((seed) => thumbnail(renderDemoPortraitSvg(category, seed))),
    );
    for (let i = 0; i < thumbs.length; i++) {
      for (let j = i + 1; j < thumbs.length; j++) {
        const [a, b] = [thumbs[i], thumbs[j]];
        if (!a || !b) throw new Error('missing thumbnail');
        expect(meanAbsDiff(a, b), `seeds ${SEEDS[i]} vs ${SEEDS[j]}`).toBeGreaterThan(6);
      }
    }
  });

  it('is not blank', async () => {
    for (const seed of SEEDS.slice(0, 3)) {
      const { channels } = await sharp(Buffer.from(renderDemoPortraitSvg(category, seed))).stats();
      const rgb = channels.slice(0, 3);
      expect(Math.max(...rgb.map((c) => c.stdev))).toBeGreaterThan(15);
    }
  });

  it('gives a hidden appeal in [0, 1] that varies across seeds', () => {
    const appeals = Array.from({ length: 40 }, (_, seed) => demoAppeal(category, seed));
    for (const a of appeals) {
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThanOrEqual(1);
    }
    expect(demoAppeal(category, 3)).toBe(demoAppeal(category, 3));
    expect(Math.max(...appeals) - Math.min(...appeals)).toBeGreaterThan(0.25);
  });

  it('is a small, self-contained SVG with no text, images, scripts or links', () => {
    for (const seed of SEEDS) {
      const svg = renderDemoPortraitSvg(category, seed);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain('viewBox="0 0 720 960"');
      for (const banned of ['<image', '<script', '<text', 'href', '<style', 'font', 'NaN']) {
        expect(svg).not.toContain(banned);
      }
      expect(Buffer.byteLength(svg)).toBeLessThan(12 * 1024);
    }
  });
});

describe('demo portraits across categories', () => {
  it('gives each category its own look for the same seed', async () => {
    const thumbs = await Promise.all(CATEGORIES.map((c) => thumbnail(renderDemoPortraitSvg(c, 5))));
    const [female, male, celebrity, ai] = thumbs;
    if (!female || !male || !celebrity || !ai) throw new Error('missing thumbnail');
    expect(meanAbsDiff(female, ai)).toBeGreaterThan(6);
    expect(meanAbsDiff(male, celebrity)).toBeGreaterThan(6);
  });

  it('stays under 12 KB for many seeds', () => {
    for (const category of CATEGORIES) {
      for (let seed = 0; seed < 150; seed++) {
        expect(Buffer.byteLength(renderDemoPortraitSvg(category, seed))).toBeLessThan(12 * 1024);
      }
    }
  });
});
