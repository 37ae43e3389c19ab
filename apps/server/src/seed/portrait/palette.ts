/**
 * What a portrait may look like: colour palettes and the ranges of its proportions. Kept apart
 * from the code that picks from them so the look can be tuned without touching the logic.
 */

// The 女生 and 男生 categories hold only women and only men; the others mix.
export const FEMININE_ODDS = { female: 1, male: 0, celebrity: 0.5, ai: 0.5 };
/** Outfit-vs-backdrop hue offsets (degrees) that read as deliberate styling; others clash. */
export const HARMONIC_OFFSETS = [0, 30, 150, 180, 210, 330];
export const SKIN_TONES = '#f8e0cf #f0c8a8 #e2ae8a #cd966e #b27a52 #93603e #74472d #553220'.split(
  ' ',
);
export const HAIR = {
  natural: '#1d1714 #3a261a #5e3b24 #4a2f1f #8a4a24 #a0452a #c99a5b #e2c88e',
  dark: '#120e0c #1d1714 #2d1e15 #3a261a',
  glam: '#efe4d0 #d9899a #0f0c14 #c25a2c #7a1f3d #b9b6b2',
  neon: '#ff4fd8 #3ee8ff #9b6bff #dfe6ff #6dffb4',
};
export const EYES = {
  dark: '#3b2516 #5a3a22 #6e4a26',
  light: '#7a5a2a #4f7a4a #4a78a8 #6d7f8c #5a3a22',
};
export const NEON_EYES = '#37f3ff #ff4fd8 #b18cff #6dffb4';
export const LIPS = {
  soft: '#c4505a #b8434f #d0707a #a8324a #c96a5a',
  bold: '#b0102e #d81b60 #8e1538',
};

/** Ranges for each proportion, feminine then masculine: [femLo, femHi, mascLo, mascHi]. */
export const PROPORTIONS = {
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
export type Proportion = keyof typeof PROPORTIONS;
