import { photoSrcSet, type Image as PhotoImage, type Pair } from '@yanzhi/contract';

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

/**
 * How wide an arena frame is drawn, for the browser to pick a variant before layout (the frames
 * are sized from the height the arena leaves them, see arena.css): stacked on a phone, about
 * 3/8 of the viewport height less the bars; side by side from 600 px, at most 256 px.
 */
export const ARENA_PHOTO_SIZES = '(min-width: 600px) 256px, calc((100vh - 220px) * 0.375)';

/**
 * Fetches and decodes the variant an arena frame shows (same `srcset` and `sizes` as the
 * frame's <img>), so that the <img> paints at once. `urgent`: the photos on screen, fetched
 * before anything else (the page's largest paint).
 */
export function decodeImage(photo: PhotoImage, urgent = false): Promise<void> {
  const image = new Image();
  image.decoding = 'async';
  if (urgent) image.fetchPriority = 'high';
  image.sizes = ARENA_PHOTO_SIZES;
  image.srcset = photoSrcSet(photo);
  image.src = photo.url;
  keep(photo.url, image);
  return Promise.race([image.decode(), timeout(DECODE_TIMEOUT_MS)]);
}

/**
 * How long after their decode the photos on screen keep the network to themselves: the frame
 * that shows them comes after React's commit and the page's layout, not always the next one.
 */
const PAINT_MARGIN_MS = 200;

/** Resolves a moment after the next frame: the photos just decoded are on screen by then. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      setTimeout(resolve, PAINT_MARGIN_MS);
    });
  });
}

/**
 * Decodes both photos of a pair. `urgent`: the pair is on screen, and the caller (the queue,
 * which holds back the next pairs meanwhile) waits until its photos have been painted too.
 */
export async function preloadPair(pair: Pair, urgent = false): Promise<void> {
  await Promise.all(pair.photos.map((photo) => decodeImage(photo.image, urgent)));
  if (urgent) await afterPaint();
}
