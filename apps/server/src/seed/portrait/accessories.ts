/** Worn over the finished head: a beanie and glasses. */

import { CX, CY, X, mirror } from './canvas.js';
import { shade, tint } from './colour.js';
import type { Portrait } from './describe.js';
import { circle, d, el, ellipse, line, shape } from './svg.js';

export function drawHat(p: Portrait): string {
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

export function drawEyewear(p: Portrait): string {
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
