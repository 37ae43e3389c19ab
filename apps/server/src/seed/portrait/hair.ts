/**
 * Hair, in two layers: what falls behind the head and neck (drawn before the face) and what sits
 * over the crown and forehead (drawn after it).
 */

import { CX, CY, X, mirror } from './canvas.js';
import { shade, tint } from './colour.js';
import { detail, type Portrait } from './describe.js';
import { between } from './random.js';
import { circle, d, el, ellipse, line, shape } from './svg.js';

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

export function drawHairBack(p: Portrait): string {
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

export function drawHairFront(p: Portrait): string {
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
