import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips, about 20 MB resident) loaded on first use: the server process decodes images
 * only to seed demo photos and draw share cards, and uploads are the image processes' (ADR 0019).
 * Every image a process renders is new, so libvips' cache of recent operations would only hold
 * memory: it is off.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
