/** What surrounds the figure: shared gradients and clip paths, the backdrop, and sparkles on top. */

import { bodyPath, neckPath, necklinePath } from './body.js';
import { CX, CY, H, W } from './canvas.js';
import { mix, shade, tint } from './colour.js';
import { detail, type Portrait } from './describe.js';
import { eyePath } from './eyes.js';
import { facePath } from './face.js';
import { between } from './random.js';
import { circle, d, el, ellipse, gradient, line, shape } from './svg.js';

export function drawDefs(p: Portrait): string {
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

export function drawBackdrop(p: Portrait): string {
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

export function drawSparkles(p: Portrait): string {
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
