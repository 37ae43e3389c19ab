/**
 * Demo portraits: stylised, illustrated head-and-shoulders SVGs that seed the arena on first run.
 *
 * Nothing is downloaded or read from disk. A portrait is first *described* by a seeded PRNG (a
 * record of plain numbers and colours) and then *drawn* from that record, so the same
 * (category, seed) always gives the same bytes. `demoAppeal` scores the same record, so the hidden
 * "true appeal" follows what a voter actually sees (symmetry, proportions, colour harmony, smile).
 */

import { seededRng, type Rng } from '../domain/rating/rng.js';

export type DemoCategorySlug = 'female' | 'male' | 'celebrity' | 'ai';

const W = 720;
const H = 960;
const CX = W / 2;
/** Vertical centre of the face (its widest point); the whole head is laid out relative to it. */
const CY = 410;
/** Where the neck meets the shoulders. */
const SY = 686;

// ---------------------------------------------------------------- PRNG, colour and SVG helpers

type Attrs = Record<string, string | number>;

/** Salted per category so seed 1 of "female" and seed 1 of "male" share nothing. */
const SALT = { female: 0x1f3a5c7e, male: 0x2b4d6f81, celebrity: 0x3c5e7092, ai: 0x4d6f81a3 };
const rngFor = (c: DemoCategorySlug, seed: number): Rng =>
  // A seeded generator (never Math.random), so every portrait is reproducible.
  seededRng(Math.imul((seed | 0) ^ SALT[c], 0x9e3779b1) ^ SALT[c]);

const clamp = (v: number, lo = 0, hi = 1): number => Math.min(hi, Math.max(lo, v));
const between = (r: Rng, lo: number, hi: number): number => lo + (hi - lo) * r();
const chance = (r: Rng, p: number): boolean => r() < p;

/** Picks one entry of a space-separated list (palettes are written that way to stay compact). */
function pick(r: Rng, list: string): string {
  const items = list.split(' ');
  return items[Math.floor(r() * items.length)] ?? '';
}

function weighted<K extends string>(r: Rng, weights: Record<K, number>): K {
  const keys = Object.keys(weights) as K[];
  let x = r() * keys.reduce((sum, k) => sum + weights[k], 0);
  return keys.find((k) => (x -= weights[k]) < 0) ?? (keys[0] as K);
}

const hex2 = (v: number): string =>
  Math.round(clamp(v, 0, 255))
    .toString(16)
    .padStart(2, '0');
const toHex = (rgb: number[]): string => '#' + rgb.map(hex2).join('');

function hsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + (((h % 360) + 360) % 360) / 30) % 12;
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => l / 100 - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return toHex([f(0), f(8), f(4)].map((v) => v * 255));
}

function mix(a: string, b: string, t: number): string {
  const [pa, pb] = [parseInt(a.slice(1), 16), parseInt(b.slice(1), 16)];
  return toHex([16, 8, 0].map((s) => ((pa >> s) & 255) * (1 - t) + ((pb >> s) & 255) * t));
}
const shade = (c: string, t: number): string => mix(c, '#000000', t);
const tint = (c: string, t: number): string => mix(c, '#ffffff', t);

const fmt = (n: number): string => String(Math.round(n * 10) / 10);

/** Tagged template for path data: numbers are rounded to 0.1 px to keep the SVG small. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  return strings.reduce((out, s, i) => {
    const v = values[i];
    return out + s + (v === undefined ? '' : fmt(v));
  }, '');
}

function el(tag: string, attrs: Attrs, children = ''): string {
  const a = Object.entries(attrs).map(([k, v]) => ` ${k}="${typeof v === 'number' ? fmt(v) : v}"`);
  return children ? `<${tag}${a.join('')}>${children}</${tag}>` : `<${tag}${a.join('')}/>`;
}
const shape = (path: string, fill: string, extra?: Attrs) =>
  el('path', { d: path, fill, ...extra });
const circle = (cx: number, cy: number, r: number, fill: string, extra?: Attrs) =>
  el('circle', { cx, cy, r, fill, ...extra });
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra?: Attrs) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra });

function line(path: string, stroke: string, width: number, opacity = 1, extra?: Attrs): string {
  const pen = { fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round' };
  return el('path', { d: path, ...pen, opacity, ...extra });
}

/** Draws a left/right pair: `f` receives -1 for the viewer's left and +1 for the right. */
const mirror = (f: (side: number) => string): string => f(-1) + f(1);
/** x at `dx` from the midline on `side` (-1 left, +1 right). */
const X = (side: number, dx: number): number => CX + side * dx;

type GradKind = 'linear' | 'radial';

/** Gradient with evenly spaced stops; linear ones run top to bottom. */
function gradient(kind: GradKind, id: string, colors: string[], alpha?: number[], extra?: Attrs) {
  const stops = colors.map((c, i) => {
    const a = alpha?.[i];
    const opacity: Attrs = a === undefined ? {} : { 'stop-opacity': a };
    return el('stop', { offset: i / (colors.length - 1), 'stop-color': c, ...opacity });
  });
  const dir: Attrs = kind === 'linear' ? { x2: 0, y2: 1 } : {};
  return el(`${kind}Gradient`, { id, ...dir, ...extra }, stops.join(''));
}

// ---------------------------------------------------------------- describing a portrait

// The 女生 and 男生 categories hold only women and only men; the others mix.
const FEMININE_ODDS = { female: 1, male: 0, celebrity: 0.5, ai: 0.5 };
/** Outfit-vs-backdrop hue offsets (degrees) that read as deliberate styling; others clash. */
const HARMONIC_OFFSETS = [0, 30, 150, 180, 210, 330];
const SKIN_TONES = '#f8e0cf #f0c8a8 #e2ae8a #cd966e #b27a52 #93603e #74472d #553220'.split(' ');
const HAIR = {
  natural: '#1d1714 #3a261a #5e3b24 #4a2f1f #8a4a24 #a0452a #c99a5b #e2c88e',
  dark: '#120e0c #1d1714 #2d1e15 #3a261a',
  glam: '#efe4d0 #d9899a #0f0c14 #c25a2c #7a1f3d #b9b6b2',
  neon: '#ff4fd8 #3ee8ff #9b6bff #dfe6ff #6dffb4',
};
const EYES = { dark: '#3b2516 #5a3a22 #6e4a26', light: '#7a5a2a #4f7a4a #4a78a8 #6d7f8c #5a3a22' };
const NEON_EYES = '#37f3ff #ff4fd8 #b18cff #6dffb4';
const LIPS = { soft: '#c4505a #b8434f #d0707a #a8324a #c96a5a', bold: '#b0102e #d81b60 #8e1538' };

/** Ranges for each proportion, feminine then masculine: [femLo, femHi, mascLo, mascHi]. */
const PROPORTIONS = {
  faceW: [106, 118, 116, 130], // half-width at the cheekbones
  jaw: [0.58, 0.7, 0.8, 0.92], // jaw half-width as a share of faceW
  chinW: [16, 26, 32, 46],
  chinDrop: [186, 200, 194, 212],
  neckW: [42, 48, 54, 62],
  shoulderW: [250, 285, 290, 330],
  eyeRx: [25, 29, 22, 27],
  tilt: [2, 6, -1, 3],
  browW: [5, 7.5, 8.5, 12],
  noseW: [12, 16, 15, 20],
  mouthW: [30, 38, 32, 40],
  blush: [0.2, 0.5, 0, 0.2],
};
type Proportion = keyof typeof PROPORTIONS;

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

function describePortrait(category: DemoCategorySlug, seed: number) {
  const r = rngFor(category, seed);
  const feminine = chance(r, FEMININE_ODDS[category]);
  const scene = pickScene(r, category, feminine);
  const face = pickFace(r, category, feminine);
  const hair = pickHair(r, category, feminine, !face.lightSkin);
  const extras = pickExtras(r, category, feminine, hair.hair, face.lightSkin);
  return { category, feminine, ...scene, ...face, ...hair, ...extras };
}
type Portrait = ReturnType<typeof describePortrait>;

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

// ---------------------------------------------------------------- drawing

/** A separate PRNG for scattered details (bokeh, freckles, sparkles, curls) so features never shift. */
const detail = (p: Portrait, k: number): Rng => seededRng(p.detailSeed + k * 0x632be5ab);

function drawDefs(p: Portrait): string {
  const clip = (id: string, path: string) => el('clipPath', { id }, el('path', { d: path }));
  const { skin, hairColor: hair, clothColor: cloth, eyeColor: eye, accent } = p;
  const skinTones = [tint(skin, 0.1), skin, shade(skin, 0.14)];
  const defs = [
    gradient('linear', 'bg', [p.bgTop, p.bgBottom]),
    gradient('radial', 'halo', [accent, accent, accent], [0.9, 0.35, 0]),
    p.category === 'celebrity' ? gradient('linear', 'beam', ['#fff', '#fff'], [0.4, 0]) : '',
    gradient('linear', 'hair', [tint(hair, 0.22), hair, shade(hair, 0.3)]),
    // Light falls from above: the face gradient is centred a little high.
    gradient('radial', 'skin', skinTones, undefined, { cy: 0.4, r: 0.7 }),
    gradient('linear', 'cloth', [tint(cloth, 0.12), shade(cloth, 0.3)]),
    gradient('radial', 'iris', [tint(eye, 0.45), eye, shade(eye, 0.4)]),
    // Blush is mixed from the skin itself so it stays natural on deep skin tones.
    gradient('radial', 'blush', [mix(skin, '#ff5a6e', 0.5), skin], [p.blush, 0]),
    p.glowEyes ? gradient('radial', 'glow', [eye, eye], [0.75, 0]) : '',
    p.eyewear === 'sun' ? gradient('linear', 'lens', ['#3a3f4d', '#07080b'], [0.92, 0.95]) : '',
    clip('eyeL', eyePath(p, -1)) + clip('eyeR', eyePath(p, 1)) + clip('face', facePath(p)),
    clip('neck', neckPath(p)) + clip('torso', bodyPath(p)) + clip('neckline', necklinePath(p)),
  ];
  return el('defs', {}, defs.join(''));
}

function drawBackdrop(p: Portrait): string {
  const r = detail(p, 1);
  let out = el('rect', { width: W, height: H, fill: 'url(#bg)' });
  if (p.category === 'celebrity') {
    // Stage: light beams fanning down from the rig, a spotlight pool behind the head.
    for (let i = 0; i < 3; i++) {
      const [x, foot] = [between(r, 40, 680), between(r, 200, 520)];
      const beam = d`M${x - 18} 0L${x + 18} 0L${foot + 170} ${H}L${foot - 170} ${H}Z`;
      out += shape(beam, 'url(#beam)', { opacity: between(r, 0.5, 0.9) });
    }
    return out + ellipse(CX, CY, 330, 400, 'url(#halo)');
  }
  if (p.category === 'ai') {
    // Geometric HUD: scan lines, nested rotated hexagons and a glow behind the head.
    const scan = Array.from({ length: 20 }, (_, i) => d`M0 ${i * 48 + 12}H${W}`).join('');
    out += line(scan, p.accent, 1.5, 0.1);
    const rot = between(r, 0, Math.PI / 3);
    const pen = { fill: 'none', stroke: p.accent, 'stroke-width': 3 };
    [250, 320, 400].forEach((radius, ring) => {
      const angles = [0, 1, 2, 3, 4, 5].map((i) => rot + (i * Math.PI) / 3);
      const points = angles.map((a) => d`${radius * Math.cos(a)},${radius * Math.sin(a)}`);
      const at = { transform: `translate(${CX} ${CY - 40})`, opacity: 0.55 - ring * 0.18 };
      out += el('polygon', { points: points.join(' '), ...pen, ...at });
    });
    return out + circle(CX, CY - 40, 300, 'url(#halo)', { opacity: 0.35 });
  }
  // Portrait studio: a soft light behind the head and out-of-focus bokeh.
  out += ellipse(CX, CY, 320, 380, 'url(#halo)', { opacity: 0.8 });
  for (let i = 0; i < 6; i++) {
    const [x, y, size] = [between(r, 0, W), between(r, 0, 640), between(r, 30, 110)];
    out += circle(x, y, size, '#fff', { opacity: between(r, 0.1, 0.25) });
  }
  return out;
}

/** Face outline: a domed cranium that narrows through the jaw to a rounded chin. */
function facePath(p: Portrait): string {
  const { faceW: w, jawW: j, chinW: c, chinY: y } = p;
  return d`M${CX - w} ${CY}C${CX - w} ${CY - 230} ${CX + w} ${CY - 230} ${CX + w} ${CY}C${CX + w} ${CY + 95} ${CX + j} ${y - 40} ${CX + c} ${y - 6}Q${CX} ${y + 8} ${CX - c} ${y - 6}C${CX - j} ${y - 40} ${CX - w} ${CY + 95} ${CX - w} ${CY}Z`;
}

function neckPath(p: Portrait): string {
  const [n, top] = [p.neckW, p.chinY - 70];
  return d`M${CX - n} ${top}L${CX - n - 3} ${SY + 20}L${CX + n + 3} ${SY + 20}L${CX + n} ${top}Z`;
}

function bodyPath(p: Portrait): string {
  const { shoulderW: s, neckW: n } = p;
  return d`M${CX - n - 4} ${SY - 8}C${CX - s * 0.5} ${SY} ${CX - s + 30} ${SY + 8} ${CX - s + 8} ${SY + 90}L${CX - s - 10} ${H}L${CX + s + 10} ${H}L${CX + s - 8} ${SY + 90}C${CX + s - 30} ${SY + 8} ${CX + s * 0.5} ${SY} ${CX + n + 4} ${SY - 8}Z`;
}

/** The garment's top edge, drawn left to right. */
function necklineEdge(p: Portrait): string {
  const [n, y] = [p.neckW + 12, SY - 10];
  if (p.clothing === 'strap') return d`M0 ${SY + 95}Q${CX} ${SY + 150} ${W} ${SY + 95}`;
  if (p.clothing === 'vneck') return d`M${CX - n} ${y}L${CX} ${SY + 110}L${CX + n} ${y}`;
  return d`M${CX - n} ${y}Q${CX} ${SY + 56} ${CX + n} ${y}`;
}

/** Everything below the neckline: the body shape clipped to it is the garment. */
function necklinePath(p: Portrait): string {
  return necklineEdge(p) + d`L${W} ${SY - 10}L${W} ${H}L0 ${H}L0 ${SY - 10}Z`;
}

function drawGarmentDetail(p: Portrait, fold: string): string {
  const n = p.neckW;
  if (p.clothing === 'collar') {
    const collar = tint(p.clothColor, 0.8);
    const tip = (k: number) => d`L${CX + k * 4} ${SY + 52}L${CX + k * (n + 40)} ${SY + 40}Z`;
    const points = mirror((k) => d`M${CX + k * (n + 14)} ${SY - 16}` + tip(k));
    return shape(points, collar, { stroke: shade(collar, 0.2), 'stroke-width': 2 });
  }
  if (p.clothing === 'turtle') {
    const [top, a, b] = [p.chinY + 34, n + 6, n + 14];
    const tube = d`M${CX - a} ${top}L${CX - b} ${SY + 24}Q${CX} ${SY + 40} ${CX + b} ${SY + 24}L${CX + a} ${top}Q${CX} ${top + 14} ${CX - a} ${top}Z`;
    const ring = (t: number) => d`M${CX - a} ${t}Q${CX} ${t + 16} ${CX + a} ${t}`;
    return shape(tube, 'url(#cloth)') + line(ring(top + 30) + ring(top + 62), fold, 3, 0.6);
  }
  if (p.clothing !== 'strap') return '';
  const strap = (k: number) => d`M${X(k, 100)} ${SY + 128}L${X(k, 124)} ${SY + 4}`;
  return line(mirror(strap), p.clothColor, 12);
}

function drawTorso(p: Portrait): string {
  const s = p.shoulderW;
  const [dim, fold] = [shade(p.skin, 0.3), shade(p.clothColor, 0.35)];
  let out = shape(neckPath(p), p.skin);
  // The jaw's shadow on the neck: the face outline shifted down, clipped to the neck.
  const jawShadow = { transform: 'translate(0 22)', opacity: 0.35, 'clip-path': 'url(#neck)' };
  out += shape(facePath(p), dim, jawShadow) + shape(bodyPath(p), p.skin);
  const bones = mirror(
    (k) => d`M${X(k, 30)} ${SY + 42}Q${X(k, 90)} ${SY + 30} ${X(k, 150)} ${SY + 44}`,
  );
  out += line(bones, dim, 3, 0.35);
  out += shape(bodyPath(p), 'url(#cloth)', { 'clip-path': 'url(#neckline)' });
  const creases = mirror(
    (k) => d`M${X(k, s - 60)} ${SY + 120}Q${X(k, s - 70)} ${SY + 200} ${X(k, s - 64)} ${H}`,
  );
  out += line(creases, fold, 4, 0.5);
  out += drawGarmentDetail(p, fold);
  if (p.category !== 'ai') return out;
  return out + line(necklineEdge(p), p.accent, 3.5, 1, { 'clip-path': 'url(#torso)' });
}

function drawEars(p: Portrait): string {
  const gold = '#e8c15a';
  return mirror((k) => {
    const [x, y] = [CX + k * (p.faceW - 6), p.eyeY + 26];
    const inner = ellipse(x + k * 3, y, 8, 18, shade(p.skin, 0.25), { opacity: 0.5 });
    const ear = ellipse(x, y, 17, 30, p.skin) + inner;
    if (!p.earrings) return ear;
    const hoop = circle(x, y + 40, 12, 'none', { stroke: gold, 'stroke-width': 3 });
    return ear + (p.feminine ? hoop : circle(x, y + 26, 5, gold));
  });
}

/** Where each eye sits. The right eye carries the asymmetry: slightly lower and smaller. */
function eyeGeom(p: Portrait, side: number) {
  const k = side > 0 ? 1 - p.asym * 0.18 : 1;
  const [x, y, rx, ry] = [CX + side * p.eyeDx, p.eyeY, p.eyeRx * k, p.eyeRy * k];
  const yy = y + (side > 0 ? p.asym * 7 : 0);
  return { x, y: yy, rx, ry, inner: x - side * rx, outer: x + side * rx, outerY: yy - p.tilt };
}

/** Upper lid (or, with `close`, the whole almond). A lifted outer corner reads as attractive. */
function eyePath(p: Portrait, side: number, close = true): string {
  const g = eyeGeom(p, side);
  const lid = d`M${g.inner} ${g.y}Q${g.x} ${g.y - g.ry * 2.1} ${g.outer} ${g.outerY}`;
  return close ? lid + d`Q${g.x} ${g.y + g.ry * 1.5} ${g.inner} ${g.y}Z` : lid;
}

function drawEyes(p: Portrait): string {
  return mirror((side) => {
    const g = eyeGeom(p, side);
    const [ir, iy] = [g.ry * 1.3, g.y - g.ry * 0.15];
    let iris = circle(g.x, iy, ir, 'url(#iris)') + circle(g.x, iy, ir * 0.46, '#120c0a');
    iris += circle(g.x + ir * 0.35, iy - ir * 0.38, ir * 0.24, '#fff');
    // The upper lid casts a faint shadow across the top of the eyeball.
    const lidShadow = { x: g.x - g.rx, y: g.y - g.ry * 2, width: g.rx * 2, height: g.ry * 1.2 };
    iris += el('rect', { ...lidShadow, opacity: 0.12 });
    const clip = { 'clip-path': `url(#${side < 0 ? 'eyeL' : 'eyeR'})` };
    let eye = shape(eyePath(p, side), '#fbf7f2') + el('g', clip, iris);
    const flick = p.feminine ? d`L${g.outer + side * 7} ${g.outerY - 5}` : '';
    eye += line(eyePath(p, side, false) + flick, '#24160f', p.feminine ? 4.5 : 3.5);
    const crease = d`M${g.inner + side * 4} ${g.y - g.ry * 1.25}Q${g.x} ${g.y - g.ry * 2.8} `;
    const creaseEnd = d`${g.outer - side * 2} ${g.outerY - g.ry * 0.9}`;
    eye += line(crease + creaseEnd, shade(p.skin, 0.35), 2, 0.3);
    return p.glowEyes ? eye + circle(g.x, iy, g.rx * 1.6, 'url(#glow)') : eye;
  });
}

/** Brows and beards: a deeper take on the hair colour; dyed neon hair keeps natural dark brows. */
const facialHair = (p: Portrait): string =>
  HAIR.neon.includes(p.hairColor) ? '#2a2230' : mix(p.hairColor, '#2b1a10', 0.35);

function drawBrows(p: Portrait): string {
  const path = mirror((k) => {
    const y = p.eyeY - p.eyeRy - 20 + (k > 0 ? p.asym * 6 : 0);
    const [inner, peak] = [CX + k * (p.eyeDx - p.eyeRx * 0.9), CX + k * (p.eyeDx + p.eyeRx * 0.25)];
    const outer = CX + k * (p.eyeDx + p.eyeRx * 1.15);
    return d`M${inner} ${y}Q${peak} ${y - p.browArch * 1.6} ${outer} ${y + 5}`;
  });
  return line(path, facialHair(p), p.browW);
}

function drawNose(p: Portrait): string {
  const [y, w, dim] = [p.eyeY + 80, p.noseW, shade(p.skin, 0.32)];
  const bridge = d`M${CX - 4} ${p.eyeY + 8}Q${CX - 12} ${y - 30} ${CX - w * 0.5} ${y - 8}`;
  const tip = d`M${CX - w} ${y - 6}C${CX - w - 8} ${y + 8} ${CX - 8} ${y + 12} ${CX} ${y + 8}C${CX + 8} ${y + 12} ${CX + w + 8} ${y + 8} ${CX + w} ${y - 6}`;
  return line(bridge, dim, 2.5, 0.45) + line(tip, dim, 3, 0.75);
}

function drawMouth(p: Portrait): string {
  const [x, y, w] = [CX + p.asym * 8, p.eyeY + 128, p.mouthW];
  const ly = y - p.smile * 9; // the corners rise with the smile
  const depth = (p.feminine ? 17 : 12) + p.smile * 4;
  const upper = d`M${x - w} ${ly}C${x - w * 0.55} ${y - 12} ${x - 9} ${y - 15} ${x} ${y - 9}C${x + 9} ${y - 15} ${x + w * 0.55} ${y - 12} ${x + w} ${ly}`;
  const lower = d`C${x + w * 0.55} ${y + depth} ${x - w * 0.55} ${y + depth} ${x - w} ${ly}Z`;
  let out = shape(upper + lower, p.lipColor);
  if (p.smile > 0.72) {
    // A broad smile parts the lips and shows the teeth.
    const gap = (inset: number, top: number, bottom: number, dy = 0) =>
      d`M${x - w + inset} ${ly + dy}Q${x} ${y - top} ${x + w - inset} ${ly + dy}Q${x} ${y + bottom} ${x - w + inset} ${ly + dy}Z`;
    out += shape(gap(4, 5, 18), '#6b2330') + shape(gap(8, 4, 6, 1), '#f4f1ea');
  } else {
    const parting = d`M${x - w} ${ly}Q${x} ${y + 2 + p.smile * 8} ${x + w} ${ly}`;
    out += line(parting, shade(p.lipColor, 0.45), 2.5);
  }
  return out + ellipse(x, y + depth * 0.45, w * 0.22, 2.5, '#fff', { opacity: 0.18 });
}

function drawCheeks(p: Portrait): string {
  let out = mirror((k) => ellipse(CX + k * p.faceW * 0.56, p.eyeY + 62, 34, 20, 'url(#blush)'));
  const r = detail(p, 2);
  for (let i = 0; p.freckles && i < 18; i++) {
    const x = CX + (i % 2 ? 1 : -1) * between(r, 18, p.faceW * 0.62);
    const [y, size] = [p.eyeY + between(r, 34, 70), between(r, 1.6, 2.8)];
    out += circle(x, y, size, shade(p.skin, 0.4), { opacity: 0.55 });
  }
  return out;
}

function drawBeard(p: Portrait): string {
  if (p.beard === 'none') return '';
  const [y, w, m, top] = [p.eyeY + 128, p.faceW, p.mouthW + 14, p.eyeY + 50];
  // Lower-face region whose top edge dips around the mouth; clipped to the face it follows the jaw.
  const region = d`M${CX - w} ${top}C${CX - w * 0.8} ${y + 10} ${CX - m} ${y - 30} ${CX} ${y - 24}C${CX + m} ${y - 30} ${CX + w * 0.8} ${y + 10} ${CX + w} ${top}L${CX + w} ${H}L${CX - w} ${H}Z`;
  const opacity = p.beard === 'full' ? 0.92 : 0.22;
  return shape(region, facialHair(p), { opacity, 'clip-path': 'url(#face)' });
}

function drawCircuits(p: Portrait): string {
  if (!p.circuits) return '';
  const [x0, y0, xs, top] = [CX + p.faceW * 0.42, p.eyeY + 48, CX + p.faceW * 0.86, p.eyeY - 70];
  const path = d`M${x0} ${y0}H${xs - 24}L${xs} ${y0 - 24}V${top}M${x0 + 16} ${y0 + 22}H${xs - 8}L${xs + 6} ${y0 + 8}`;
  const ends = [
    [x0, y0],
    [xs, top],
    [x0 + 16, y0 + 22],
  ];
  const nodes = ends.map(([x = 0, y = 0]) => circle(x, y, 4.5, p.accent));
  return line(path, p.accent, 9, 0.2) + line(path, p.accent, 2.5) + nodes.join('');
}

/**
 * The hair mass over the top of the head: an outer dome from one side to the other, then back
 * along `edge` (the hairline or fringe). `drop` is how far down the sides it reaches.
 */
function capPath(p: Portrait, drop: number, volume: number, edge: string): string {
  const w = p.faceW + 8 + volume * 0.4;
  // Solve the control height so the dome's apex sits `volume` above the skull whatever `drop` is.
  const ctrl = (CY - 180 - volume - 0.25 * drop) / 0.75;
  const dome = d`M${CX - w} ${drop}C${CX - w - 12} ${ctrl} ${CX + w + 12} ${ctrl} ${CX + w} ${drop}`;
  return dome + edge + 'Z';
}

/**
 * Hairline from the right side back to the left: down the sideburn to `temple` (near the ear top
 * for short masculine cuts), up to a peak at the parting at height `y`, and down the other side.
 */
function hairline(p: Portrait, y: number, temple = CY - 34): string {
  const [w, px] = [p.faceW, CX + p.part * p.faceW * 0.55];
  return d`L${CX + w - 2} ${temple}L${CX + w - 10} ${CY - 50}C${CX + w - 16} ${y + 10} ${px + 50} ${y + 4} ${px} ${y - 14}C${px - 50} ${y + 4} ${CX - w + 16} ${y + 10} ${CX - w + 10} ${CY - 50}L${CX - w + 2} ${temple}`;
}

/** A fringe of five rounded locks across the forehead, sloping away from the parting. */
function fringe(p: Portrait, y: number): string {
  const [w, tilt] = [p.faceW - 10, p.part * 14];
  let s = d`L${CX + w + 6} ${CY - 30}L${CX + w} ${y - 10 + tilt}`;
  for (let i = 1; i <= 5; i++) {
    const [x0, x1] = [CX + w - (2 * w * (i - 1)) / 5, CX + w - (2 * w * i) / 5];
    const ly = y - 10 + tilt * (1 - (2 * i) / 5);
    s += d`Q${(x0 + x1) / 2 + 6} ${ly + 24} ${x1} ${ly}`;
  }
  return s + d`L${CX - w - 6} ${CY - 30}`;
}

/** Long and bob hair behind the head and neck; `bottom` is where the ends fall. */
function backPath(p: Portrait, bottom: number, flare: number): string {
  const [w, top, f] = [p.faceW + 22 + p.hairVolume * 0.6, CY - 232 - p.hairVolume, flare];
  return d`M${CX - w} ${CY - 40}C${CX - w - f} ${CY + 120} ${CX - w - f} ${bottom - 120} ${CX - w + 10} ${bottom}Q${CX} ${bottom + 24} ${CX + w - 10} ${bottom}C${CX + w + f} ${bottom - 120} ${CX + w + f} ${CY + 120} ${CX + w} ${CY - 40}C${CX + w} ${top} ${CX - w} ${top} ${CX - w} ${CY - 40}Z`;
}

type Triple = [number, number, number];

/** Jittered circles along an elliptical arc (degrees, 270 = straight up): the stuff of curls. */
function curls(p: Portrait, k: number, [rx, ry, cy]: Triple, [from, to, n]: Triple, size: number) {
  const r = detail(p, k);
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = ((from + ((to - from) * i) / (n - 1)) * Math.PI) / 180;
    const [x, y] = [CX + rx * Math.cos(a) + between(r, -5, 5), cy + ry * Math.sin(a)];
    out += el('circle', { cx: x, cy: y + between(r, -5, 5), r: size * between(r, 0.8, 1.15) });
  }
  // Fill and outline live on the group: curly heads have dozens of circles and bytes add up.
  return el('g', { fill: 'url(#hair)', stroke: shade(p.hairColor, 0.3), 'stroke-width': 1.5 }, out);
}

function drawHairBack(p: Portrait): string {
  const [v, dark] = [p.hairVolume, shade(p.hairColor, 0.3)];
  if (p.hair === 'long') {
    const [bottom, w] = [between(detail(p, 3), 800, 900), p.faceW + 14];
    const mid = (CY + bottom) / 2;
    const falls = mirror(
      (k) => d`M${X(k, w)} ${CY - 20}Q${X(k, w + 24)} ${mid} ${X(k, w + 6)} ${bottom - 20}`,
    );
    return shape(backPath(p, bottom, 30), 'url(#hair)') + line(falls, dark, 3, 0.4);
  }
  if (p.hair === 'bob') return shape(backPath(p, p.chinY - 20, 14), 'url(#hair)');
  const bun = { stroke: dark, 'stroke-width': 2 };
  if (p.hair === 'bun') return circle(CX, CY - 196, 46 + v * 0.4, 'url(#hair)', bun);
  if (p.hair !== 'curly') return '';
  const cloud: Triple = [p.faceW + 14 + v, 172 + v, CY - 40];
  const base = ellipse(CX, CY - 40, cloud[0], cloud[1], shade(p.hairColor, 0.15));
  return base + curls(p, 4, cloud, [150, 390, 20], 28 + v * 0.4);
}

/** The side-part's signature: a lock swept from the parting across the forehead to the far temple. */
function swoop(p: Portrait): string {
  const [w, s, v] = [p.faceW, Math.sign(p.part) || 1, p.hairVolume];
  const [px, far] = [CX + p.part * w * 0.55, CX - s * w * 0.3];
  const lock = d`M${px} ${CY - 160 - v}Q${far} ${CY - 180 - v} ${CX - s * (w + 8)} ${CY - 70}Q${CX - s * w * 0.35} ${CY - 120} ${px + s * 8} ${CY - 122}Z`;
  const edge = d`M${px} ${CY - 150 - v}Q${far} ${CY - 165 - v} ${CX - s * (w - 4)} ${CY - 84}`;
  return shape(lock, 'url(#hair)') + line(edge, tint(p.hairColor, 0.35), 4, 0.5);
}

function drawHairFront(p: Portrait): string {
  const [v, w, hair] = [p.hairVolume, p.faceW, 'url(#hair)'];
  const gloss = d`M${CX - w * 0.5} ${CY - 150}Q${CX} ${CY - 195 - v} ${CX + w * 0.45} ${CY - 146}`;
  const sheen = line(gloss, tint(p.hairColor, 0.45), 10, 0.3);
  // Masculine short cuts come down to the ears as sideburns; feminine ones stop at the temple.
  const temple = p.feminine ? CY - 34 : CY + 22;
  switch (p.hair) {
    case 'buzz':
      return shape(capPath(p, CY, -8, hairline(p, CY - 128, temple)), hair, { opacity: 0.85 });
    case 'bun':
      return shape(capPath(p, CY - 20, 2, hairline(p, CY - 136)), hair) + sheen;
    case 'curly': {
      // A darker base cap reads as depth between the curls layered on top of it.
      const base = capPath(p, CY, v * 0.6, hairline(p, CY - 118, temple));
      const crown = curls(p, 5, [w + 2, 148 + v * 0.6, CY - 40], [195, 345, 9], 24);
      const fringeCurls = curls(p, 6, [w - 6, 84, CY - 50], [188, 352, 11], 17);
      return shape(base, shade(p.hairColor, 0.15)) + crown + fringeCurls;
    }
    default: {
      const drop = p.hair === 'long' ? CY + 70 : p.hair === 'bob' ? CY + 100 : Math.max(CY, temple);
      const short = p.hair === 'short' || p.hair === 'sidepart';
      const edge = p.bangs ? fringe(p, CY - 80) : hairline(p, CY - 120, short ? temple : CY - 34);
      const cap = shape(capPath(p, drop, p.hair === 'sidepart' ? v + 12 : v, edge), hair);
      return cap + (p.hair === 'sidepart' ? swoop(p) : '') + sheen;
    }
  }
}

function drawHat(p: Portrait): string {
  if (!p.hat) return '';
  // A beanie: knitted crown, folded brim, pompom.
  const w = p.faceW + 16;
  const crown = d`M${CX - w} ${CY - 120}C${CX - w} ${CY - 300} ${CX + w} ${CY - 300} ${CX + w} ${CY - 120}Z`;
  const brim = { x: CX - w - 6, y: CY - 166, width: 2 * w + 12, height: 46, rx: 20 };
  const rib = (t: number) => d`M${CX + t * w} ${CY - 170}L${CX + t * w * 0.8} ${CY - 240}`;
  const knit = line([-0.5, 0, 0.5].map(rib).join(''), shade(p.hat, 0.2), 3, 0.6);
  const pompom = circle(CX, CY - 262, 22, tint(p.hat, 0.3));
  return shape(crown, p.hat) + knit + el('rect', { ...brim, fill: shade(p.hat, 0.2) }) + pompom;
}

function drawEyewear(p: Portrait): string {
  if (p.eyewear === 'none') return '';
  const sun = p.eyewear === 'sun';
  const frame = sun ? '#111111' : p.category === 'celebrity' ? '#d4af37' : '#2a2320';
  const [rad, y, dx] = [p.eyeRx + 11, p.eyeY, p.eyeDx];
  const lens = { fill: sun ? 'url(#lens)' : '#fff', 'fill-opacity': sun ? 1 : 0.12, stroke: frame };
  const lenses = mirror((k) => {
    const x = CX + k * dx;
    const box = { x: x - rad, y: y - rad * 0.75, width: rad * 2, height: rad * 1.5, rx: 10 };
    const round = ellipse(x, y, rad, rad * (sun ? 0.8 : 0.9), lens.fill, lens);
    const glass = p.eyewear === 'square' ? el('rect', { ...box, ...lens }) : round;
    const glint = d`M${x - rad * 0.5} ${y - 4}L${x - rad * 0.1} ${y - rad * 0.5}`;
    return sun ? glass + line(glint, '#fff', 4, 0.35) : glass;
  });
  const bridge = d`M${CX - dx + rad} ${y - 4}Q${CX} ${y - 14} ${CX + dx - rad} ${y - 4}`;
  const arms = mirror((k) => d`M${X(k, dx + rad)} ${y - 6}L${X(k, p.faceW - 2)} ${y + 4}`);
  return el('g', { 'stroke-width': 5 }, lenses + line(bridge + arms, frame, 5));
}

function drawSparkles(p: Portrait): string {
  const r = detail(p, 6);
  let out = '';
  for (let i = 0; i < p.sparkles; i++) {
    // Four-point stars, kept in the side margins so they never land on the face.
    const x = i % 2 ? between(r, 30, 200) : between(r, 520, 690);
    const [y, s] = [between(r, 40, 620), between(r, 10, 26)];
    const star = d`M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z`;
    out += shape(star, i % 3 ? '#fff' : '#ffe08a', { opacity: between(r, 0.75, 1) });
  }
  return out;
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
