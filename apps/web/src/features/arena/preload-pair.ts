import type { Pair } from '@yanzhi/contract';

/** A slow image must not hold the queue up: after this the pair waits with its placeholder. */
const DECODE_TIMEOUT_MS = 5_000;
/** Decoded images kept referenced until shown (the queue holds a few pairs of two). */
const KEPT_IMAGES = 16;

const kept = new Map<string, HTMLImageElement>();

function keep(url: string, image: HTMLImageElement): void {
  kept.delete(url);
  kept.set(url, image);
  while (kept.size > KEPT_IMAGES) {
    const oldest = kept.keys().next();
    if (oldest.done === true) break;
    kept.delete(oldest.value);
  }
}

function timeout(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Fetches and decodes one image so that an <img> of the same URL paints at once. */
export function decodeImage(url: string): Promise<void> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  keep(url, image);
  return Promise.race([image.decode(), timeout(DECODE_TIMEOUT_MS)]);
}

/** Decodes both display images of a pair. */
export async function preloadPair(pair: Pair): Promise<void> {
  await Promise.all(pair.photos.map((photo) => decodeImage(photo.image.url)));
}
