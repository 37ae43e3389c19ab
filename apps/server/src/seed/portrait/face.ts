/** The face itself: its outline, nose, mouth, cheeks, beard and the AI category's circuit lines. */

import { CX, CY, H, mirror } from './canvas.js';
import { mix, shade } from './colour.js';
import { detail, type Portrait } from './describe.js';
import { HAIR } from './palette.js';
import { between } from './random.js';
import { circle, d, ellipse, line, shape } from './svg.js';

/** Face outline: a domed cranium that narrows through the jaw to a rounded chin. */
export function facePath(p: Portrait): string {
  const { faceW: w, jawW: j, chinW: c, chinY: y } = p;
  return d`M${CX - w} ${CY}C${CX - w} ${CY - 230} ${CX + w} ${CY - 230} ${CX + w} ${CY}C${CX + w} ${CY + 95} ${CX + j} ${y - 40} ${CX + c} ${y - 6}Q${CX} ${y + 8} ${CX - c} ${y - 6}C${CX - j} ${y - 40} ${CX - w} ${CY + 95} ${CX - w} ${CY}Z`;
}

/** Brows and beards: a deeper take on the hair colour; dyed neon hair keeps natural dark brows. */
export const facialHair = (p: Portrait): string =>
  HAIR.neon.includes(p.hairColor) ? '#2a2230' : mix(p.hairColor, '#2b1a10', 0.35);

export function drawNose(p: Portrait): string {
  const [y, w, dim] = [p.eyeY + 80, p.noseW, shade(p.skin, 0.32)];
  const bridge = d`M${CX - 4} ${p.eyeY + 8}Q${CX - 12} ${y - 30} ${CX - w * 0.5} ${y - 8}`;
  const tip = d`M${CX - w} ${y - 6}C${CX - w - 8} ${y + 8} ${CX - 8} ${y + 12} ${CX} ${y + 8}C${CX + 8} ${y + 12} ${CX + w + 8} ${y + 8} ${CX + w} ${y - 6}`;
  return line(bridge, dim, 2.5, 0.45) + line(tip, dim, 3, 0.75);
}

export function drawMouth(p: Portrait): string {
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

export function drawCheeks(p: Portrait): string {
  let out = mirror((k) => ellipse(CX + k * p.faceW * 0.56, p.eyeY + 62, 34, 20, 'url(#blush)'));
  const r = detail(p, 2);
  for (let i = 0; p.freckles && i < 18; i++) {
    const x = CX + (i % 2 ? 1 : -1) * between(r, 18, p.faceW * 0.62);
    const [y, size] = [p.eyeY + between(r, 34, 70), between(r, 1.6, 2.8)];
    out += circle(x, y, size, shade(p.skin, 0.4), { opacity: 0.55 });
  }
  return out;
}

export function drawBeard(p: Portrait): string {
  if (p.beard === 'none') return '';
  const [y, w, m, top] = [p.eyeY + 128, p.faceW, p.mouthW + 14, p.eyeY + 50];
  // Lower-face region whose top edge dips around the mouth; clipped to the face it follows the jaw.
  const region = d`M${CX - w} ${top}C${CX - w * 0.8} ${y + 10} ${CX - m} ${y - 30} ${CX} ${y - 24}C${CX + m} ${y - 30} ${CX + w * 0.8} ${y + 10} ${CX + w} ${top}L${CX + w} ${H}L${CX - w} ${H}Z`;
  const opacity = p.beard === 'full' ? 0.92 : 0.22;
  return shape(region, facialHair(p), { opacity, 'clip-path': 'url(#face)' });
}

export function drawCircuits(p: Portrait): string {
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
