/** Colour arithmetic on `#rrggbb` strings, enough to derive shades and tints from one base colour. */

/** Also bounds shares and scores to [0, 1], hence the defaults. */
export const clamp = (v: number, lo = 0, hi = 1): number => Math.min(hi, Math.max(lo, v));

const hex2 = (v: number): string =>
  Math.round(clamp(v, 0, 255))
    .toString(16)
    .padStart(2, '0');
const toHex = (rgb: number[]): string => '#' + rgb.map(hex2).join('');

export function hsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + (((h % 360) + 360) % 360) / 30) % 12;
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => l / 100 - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return toHex([f(0), f(8), f(4)].map((v) => v * 255));
}

export function mix(a: string, b: string, t: number): string {
  const [pa, pb] = [parseInt(a.slice(1), 16), parseInt(b.slice(1), 16)];
  return toHex([16, 8, 0].map((s) => ((pa >> s) & 255) * (1 - t) + ((pb >> s) & 255) * t));
}
export const shade = (c: string, t: number): string => mix(c, '#000000', t);
export const tint = (c: string, t: number): string => mix(c, '#ffffff', t);
