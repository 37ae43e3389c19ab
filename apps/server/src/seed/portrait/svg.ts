/**
 * SVG element builders. Output is hand-built strings (no DOM): numbers are rounded the same way
 * everywhere, which is what keeps a portrait's bytes stable for a given seed.
 */

type Attrs = Record<string, string | number>;

const fmt = (n: number): string => String(Math.round(n * 10) / 10);

/** Tagged template for path data: numbers are rounded to 0.1 px to keep the SVG small. */
export function d(strings: TemplateStringsArray, ...values: number[]): string {
  return strings.reduce((out, s, i) => {
    const v = values[i];
    return out + s + (v === undefined ? '' : fmt(v));
  }, '');
}

export function el(tag: string, attrs: Attrs, children = ''): string {
  const a = Object.entries(attrs).map(([k, v]) => ` ${k}="${typeof v === 'number' ? fmt(v) : v}"`);
  return children ? `<${tag}${a.join('')}>${children}</${tag}>` : `<${tag}${a.join('')}/>`;
}
export const shape = (path: string, fill: string, extra?: Attrs) =>
  el('path', { d: path, fill, ...extra });
export const circle = (cx: number, cy: number, r: number, fill: string, extra?: Attrs) =>
  el('circle', { cx, cy, r, fill, ...extra });
export const ellipse = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra?: Attrs,
) => el('ellipse', { cx, cy, rx, ry, fill, ...extra });

export function line(
  path: string,
  stroke: string,
  width: number,
  opacity = 1,
  extra?: Attrs,
): string {
  const pen = { fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round' };
  return el('path', { d: path, ...pen, opacity, ...extra });
}

type GradKind = 'linear' | 'radial';

/** Gradient with evenly spaced stops; linear ones run top to bottom. */
export function gradient(
  kind: GradKind,
  id: string,
  colors: string[],
  alpha?: number[],
  extra?: Attrs,
) {
  const stops = colors.map((c, i) => {
    const a = alpha?.[i];
    const opacity: Attrs = a === undefined ? {} : { 'stop-opacity': a };
    return el('stop', { offset: i / (colors.length - 1), 'stop-color': c, ...opacity });
  });
  const dir: Attrs = kind === 'linear' ? { x2: 0, y2: 1 } : {};
  return el(`${kind}Gradient`, { id, ...dir, ...extra }, stops.join(''));
}
