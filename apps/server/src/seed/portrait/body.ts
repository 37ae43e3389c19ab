/** Neck, shoulders and the garment over them (cut by the neckline), plus the ears and earrings. */

import { CX, H, SY, W, X, mirror } from './canvas.js';
import { shade, tint } from './colour.js';
import type { Portrait } from './describe.js';
import { facePath } from './face.js';
import { circle, d, ellipse, line, shape } from './svg.js';

export function neckPath(p: Portrait): string {
  const [n, top] = [p.neckW, p.chinY - 70];
  return d`M${CX - n} ${top}L${CX - n - 3} ${SY + 20}L${CX + n + 3} ${SY + 20}L${CX + n} ${top}Z`;
}

export function bodyPath(p: Portrait): string {
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
export function necklinePath(p: Portrait): string {
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

export function drawTorso(p: Portrait): string {
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

export function drawEars(p: Portrait): string {
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
