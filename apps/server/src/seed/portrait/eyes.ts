/** Eyes and brows. Both carry the portrait's asymmetry on the right side, which appeal scores. */

import { CX, mirror } from './canvas.js';
import { shade } from './colour.js';
import type { Portrait } from './describe.js';
import { facialHair } from './face.js';
import { circle, d, el, line, shape } from './svg.js';

/** Where each eye sits. The right eye carries the asymmetry: slightly lower and smaller. */
function eyeGeom(p: Portrait, side: number) {
  const k = side > 0 ? 1 - p.asym * 0.18 : 1;
  const [x, y, rx, ry] = [CX + side * p.eyeDx, p.eyeY, p.eyeRx * k, p.eyeRy * k];
  const yy = y + (side > 0 ? p.asym * 7 : 0);
  return { x, y: yy, rx, ry, inner: x - side * rx, outer: x + side * rx, outerY: yy - p.tilt };
}

/** Upper lid (or, with `close`, the whole almond). A lifted outer corner reads as attractive. */
export function eyePath(p: Portrait, side: number, close = true): string {
  const g = eyeGeom(p, side);
  const lid = d`M${g.inner} ${g.y}Q${g.x} ${g.y - g.ry * 2.1} ${g.outer} ${g.outerY}`;
  return close ? lid + d`Q${g.x} ${g.y + g.ry * 1.5} ${g.inner} ${g.y}Z` : lid;
}

export function drawEyes(p: Portrait): string {
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

export function drawBrows(p: Portrait): string {
  const path = mirror((k) => {
    const y = p.eyeY - p.eyeRy - 20 + (k > 0 ? p.asym * 6 : 0);
    const [inner, peak] = [CX + k * (p.eyeDx - p.eyeRx * 0.9), CX + k * (p.eyeDx + p.eyeRx * 0.25)];
    const outer = CX + k * (p.eyeDx + p.eyeRx * 1.15);
    return d`M${inner} ${y}Q${peak} ${y - p.browArch * 1.6} ${outer} ${y + 5}`;
  });
  return line(path, facialHair(p), p.browW);
}
