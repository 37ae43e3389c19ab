/**
 * Describing a portrait: a seeded PRNG fills a record of plain numbers and colours. Drawing and
 * scoring both read that record, so what is scored is exactly what is seen. The order of the draws
 * below is part of the output: reordering them would change every portrait.
 */

import { seededRng, type Rng } from '../../domain/rating/rng.js';
import { CY } from './canvas.js';
import { clamp, hsl, mix } from './colour.js';
import {
  EYES,
  FEMININE_ODDS,
  HAIR,
  HARMONIC_OFFSETS,
  LIPS,
  NEON_EYES,
  PROPORTIONS,
  SKIN_TONES,
  type Proportion,
} from './palette.js';
import { between, chance, pick, weighted } from './random.js';

export type DemoCategorySlug = 'female' | 'male' | 'celebrity' | 'ai';

/** Salted per category so seed 1 of "female" and seed 1 of "male" share nothing. */
const SALT = { female: 0x1f3a5c7e, male: 0x2b4d6f81, celebrity: 0x3c5e7092, ai: 0x4d6f81a3 };
const rngFor = (c: DemoCategorySlug, seed: number): Rng =>
  // A seeded generator (never Math.random), so every portrait is reproducible.
  seededRng(Math.imul((seed | 0) ^ SALT[c], 0x9e3779b1) ^ SALT[c]);

function proportions(r: Rng, feminine: boolean): Record<Proportion, number> {
  const out = {} as Record<Proportion, number>;
  for (const key of Object.keys(PROPORTIONS) as Proportion[]) {
    const [fLo = 0, fHi = 0, mLo = 0, mHi = 0] = PROPORTIONS[key];
    out[key] = feminine ? between(r, fLo, fHi) : between(r, mLo, mHi);
  }
  return out;
}

/** A continuous skin tone from very light (0) to deep (1), interpolated along SKIN_TONES. */
function skinTone(t: number): string {
  const x = t * (SKIN_TONES.length - 1);
  const i = Math.min(Math.floor(x), SKIN_TONES.length - 2);
  return mix(SKIN_TONES[i] ?? '#e2ae8a', SKIN_TONES[i + 1] ?? '#e2ae8a', x - i);
}

function pickScene(r: Rng, category: DemoCategorySlug, feminine: boolean) {
  const hue = category === 'ai' ? between(r, 190, 320) : between(r, 0, 360);
  const offset = between(r, 0, 360);
  const miss = Math.min(...HARMONIC_OFFSETS.map((o) => 180 - Math.abs(180 - Math.abs(offset - o))));
  const clothing = feminine
    ? weighted(r, { vneck: 3, crew: 3, strap: 3, turtle: 2, collar: 1 })
    : weighted(r, { crew: 4, collar: 3, vneck: 2, turtle: 2, strap: 0 });
  const scene = { clothing, harmony: clamp(1 - miss / 45), detailSeed: Math.floor(r() * 2 ** 32) };
  const [light, sat] = [r(), feminine ? between(r, 45, 70) : between(r, 18, 40)];
  const outfit = hsl(hue + offset, 35 + light * 30, 30 + light * 28);
  if (category === 'celebrity') {
    const bold = hsl(hue + offset, 65 + light * 25, 28 + light * 20);
    const bg = { bgTop: hsl(hue, 55, 24 + light * 10), bgBottom: hsl(hue + 25, 70, 8) };
    return { ...scene, ...bg, accent: hsl(hue + 40, 90, 78), clothColor: bold };
  }
  if (category === 'ai') {
    // Dark techwear; the neon accent carries the colour-harmony choice instead of the outfit.
    const bg = { bgTop: hsl(hue, 60, 12 + light * 6), bgBottom: hsl(hue + 40, 70, 5) };
    const techwear = hsl(hue, 30, 14 + light * 8);
    return { ...scene, ...bg, accent: hsl(hue + offset, 100, 62), clothColor: techwear };
  }
  const bg = { bgTop: hsl(hue, sat, 88), bgBottom: hsl(hue + 25, sat, 70) };
  return { ...scene, ...bg, accent: hsl(hue - 20, sat + 10, 93), clothColor: outfit };
}

function pickFace(r: Rng, category: DemoCategorySlug, feminine: boolean) {
  const skinT = r();
  const skin = skinTone(skinT);
  const dims = proportions(r, feminine);
  // Eye centre distance from the midline in eye half-widths: 2 = one eye width between the eyes.
  const eyeSpacing = between(r, 1.75, 2.3);
  const neonEyes = category === 'ai' && chance(r, 0.5);
  const eyes = neonEyes ? NEON_EYES : EYES[skinT > 0.45 ? 'dark' : 'light'];
  const lips = pick(r, category === 'celebrity' ? LIPS.bold : LIPS.soft);
  return {
    ...dims,
    skin,
    lightSkin: skinT < 0.45,
    jawW: dims.faceW * dims.jaw,
    chinY: CY + dims.chinDrop,
    eyeY: CY + between(r, 6, 16),
    eyeRy: dims.eyeRx * between(r, 0.5, 0.62),
    eyeSpacing,
    eyeDx: dims.eyeRx * eyeSpacing,
    eyeColor: pick(r, eyes),
    /** 0 = perfectly symmetric; the right eye, brow and mouth carry the deviation. Mostly small. */
    asym: r() ** 2,
    browArch: between(r, 4, 12),
    lipColor: feminine ? lips : mix(skin, '#b0605a', between(r, 0.25, 0.45)),
    smile: r(),
  };
}

function pickHair(r: Rng, category: DemoCategorySlug, feminine: boolean, darkSkin: boolean) {
  const hair = feminine
    ? weighted(r, { long: 30, bob: 16, bun: 12, curly: 14, short: 8, sidepart: 6, buzz: 0 })
    : weighted(r, { short: 30, sidepart: 22, buzz: 16, curly: 14, long: 5, bun: 5, bob: 0 });
  let palette = darkSkin && chance(r, 0.75) ? HAIR.dark : HAIR.natural;
  if (category === 'celebrity' && chance(r, 0.35)) palette = HAIR.glam;
  if (category === 'ai' && chance(r, 0.55)) palette = HAIR.neon;
  const side = chance(r, 0.5) ? -1 : 1;
  const part = chance(r, 0.35) ? 0 : side * between(r, 0.25, 0.6);
  return {
    hair,
    hairColor: pick(r, palette),
    hairVolume: between(r, 6, 30),
    /** Parting position, -1 (viewer's left) … 1 (right). */
    part: hair === 'sidepart' ? side * between(r, 0.55, 0.75) : part,
    bangs: ['short', 'bob', 'long'].includes(hair) && chance(r, feminine ? 0.4 : 0.25),
  };
}

function pickExtras(r: Rng, cat: DemoCategorySlug, fem: boolean, hair: string, light: boolean) {
  const celeb = cat === 'celebrity';
  const glasses = chance(r, celeb ? 0.35 : 0.18);
  const frames = celeb && chance(r, 0.75) ? 'sun' : weighted(r, { round: 2, square: 1, sun: 1 });
  const hat = hair !== 'bun' && hair !== 'curly' && chance(r, 0.07);
  return {
    eyewear: glasses ? frames : 'none',
    earrings: chance(r, (fem ? 0.55 : 0.12) + (celeb ? 0.2 : 0)),
    hat: hat ? hsl(between(r, 0, 360), 45, 45) : '',
    beard: fem ? 'none' : weighted(r, { none: 45, stubble: 30, full: 25 }),
    freckles: light && chance(r, 0.25),
    glowEyes: cat === 'ai' && chance(r, 0.45),
    circuits: cat === 'ai' && chance(r, 0.5),
    sparkles: celeb && chance(r, 0.75) ? Math.floor(between(r, 3, 8)) : 0,
    /** The unexplained remainder every real rating has. */
    charm: r(),
  };
}

export function describePortrait(category: DemoCategorySlug, seed: number) {
  const r = rngFor(category, seed);
  const feminine = chance(r, FEMININE_ODDS[category]);
  const scene = pickScene(r, category, feminine);
  const face = pickFace(r, category, feminine);
  const hair = pickHair(r, category, feminine, !face.lightSkin);
  const extras = pickExtras(r, category, feminine, hair.hair, face.lightSkin);
  return { category, feminine, ...scene, ...face, ...hair, ...extras };
}
export type Portrait = ReturnType<typeof describePortrait>;

/** A separate PRNG for scattered details (bokeh, freckles, sparkles, curls) so features never shift. */
export const detail = (p: Portrait, k: number): Rng => seededRng(p.detailSeed + k * 0x632be5ab);
