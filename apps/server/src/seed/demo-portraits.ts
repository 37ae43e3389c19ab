/**
 * Demo portraits: stylised, illustrated head-and-shoulders SVGs that seed the arena on first run.
 *
 * Nothing is downloaded or read from disk. A portrait is first *described* by a seeded PRNG (a
 * record of plain numbers and colours) and then *drawn* from that record, so the same
 * (category, seed) always gives the same bytes. `demoAppeal` scores the same record, so the hidden
 * "true appeal" follows what a voter actually sees (symmetry, proportions, colour harmony, smile).
 *
 * This file is the public entry; the parts live in ./portrait/ (describe.ts makes the record, the
 * others draw from it).
 */

import { drawEyewear, drawHat } from './portrait/accessories.js';
import { drawEars, drawTorso } from './portrait/body.js';
import { CX, H, W } from './portrait/canvas.js';
import { clamp } from './portrait/colour.js';
import { describePortrait, type DemoCategorySlug } from './portrait/describe.js';
import { drawBrows, drawEyes } from './portrait/eyes.js';
import {
  drawBeard,
  drawCheeks,
  drawCircuits,
  drawMouth,
  drawNose,
  facePath,
} from './portrait/face.js';
import { drawHairBack, drawHairFront } from './portrait/hair.js';
import { drawBackdrop, drawDefs, drawSparkles } from './portrait/scene.js';
import { el, shape } from './portrait/svg.js';

export type { DemoCategorySlug };

/**
 * Hidden "true appeal" in [0, 1] for seeding simulated votes: symmetric faces, well-spaced larger
 * eyes, a harmonious outfit colour and a smile score higher, plus some unexplained charm.
 */
export function demoAppeal(category: DemoCategorySlug, seed: number): number {
  const p = describePortrait(category, seed);
  const spacing = clamp(1 - Math.abs(p.eyeSpacing - 2) / 0.3);
  const eyeSize = clamp((p.eyeRx / p.faceW - 0.17) / 0.08);
  const looks = 0.3 * (1 - p.asym) + 0.12 * spacing + 0.08 * eyeSize + 0.2 * p.harmony;
  return clamp(looks + 0.15 * p.smile + 0.15 * p.charm);
}

/** A deterministic SVG (3:4, viewBox 0 0 720 960) for a demo photo; same seed → same bytes. */
export function renderDemoPortraitSvg(category: DemoCategorySlug, seed: number): string {
  const p = describePortrait(category, seed);
  const head = shape(facePath(p), 'url(#skin)') + drawCheeks(p) + drawBeard(p) + drawNose(p);
  const features = drawMouth(p) + drawEyes(p) + drawBrows(p) + drawCircuits(p);
  const person = drawHairBack(p) + drawTorso(p) + drawEars(p) + head + features;
  const top = drawHairFront(p) + drawHat(p) + drawEyewear(p);
  // The figure is laid out at a comfortable working size, then zoomed for a closer crop.
  const zoom = { transform: `translate(${CX} 560) scale(1.14) translate(${-CX} -560)` };
  const body = drawDefs(p) + drawBackdrop(p) + el('g', zoom, person + top) + drawSparkles(p);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
