import type { Image } from './arena.js';
import { PHOTO_VARIANT_SIZES, type PeriodType } from './constants.js';

/**
 * What a first visit's HTML carries beyond the app (ADR 0018, amended by issue 17): the answer
 * of the one public call the page's first screen makes (the photo of `/p/<id>`, the board of
 * `/leaderboard`), with the call and input it answers, in a JSON script of this id; and a
 * preload of the largest photo that answer shows, so the photo downloads beside the app's code
 * instead of after it. The client takes the answer only when it would have asked exactly that.
 */
export const PAGE_ANSWER_ELEMENT_ID = 'yanzhi-page-answer';

/**
 * Every page's HTML also carries, in a JSON script of this id, what `get_user_vote_stats`
 * answers a device the server has never seen (no votes, the welcome fuel, every achievement
 * locked): an app that has just made its device id (a first visit) shows that without asking.
 */
export const NEWCOMER_STATS_ELEMENT_ID = 'yanzhi-newcomer-stats';

/** The answer written into a page: a public call, its input and its `data` as the API gives it. */
export interface PageAnswer {
  call: 'get_photo' | 'get_leaderboard' | 'get_user_vote_stats';
  input: Readonly<Record<string, string | number | null>>;
  data: unknown;
}

/** A photo to preload, named exactly as the page's `<img>` names it (`srcset`, `sizes`). */
export interface ImagePreload {
  srcset: string;
  sizes: string;
}

/**
 * What the server writes into a first visit's HTML: the answer, and the photos the first frame
 * shows, to preload; the first of them is the page's largest (preloaded at high priority).
 */
export interface FirstScreen {
  answer: PageAnswer;
  preloads: readonly ImagePreload[];
}

/** The board a leaderboard address without `period` opens on (日榜). */
export const LEADERBOARD_DEFAULT_PERIOD: PeriodType = 'day';

/**
 * How wide pages draw their largest photos (`sizes`), here because the server's preload must
 * name exactly what the page's `<img>` will ask for: the photo page's frame is at most 360 px,
 * and the podium's columns are 1 · 1.2 · 1 of the page width less the gaps and the place's
 * padding (leaderboard.css; the page is at most 560 px wide).
 */
export const PHOTO_PAGE_SIZES = '(min-width: 600px) 360px, 75vw';
export const PODIUM_SIZES = {
  1: '(min-width: 560px) 184px, calc(37.5vw - 26px)',
  2: '(min-width: 560px) 152px, calc(31.25vw - 23px)',
  3: '(min-width: 560px) 152px, calc(31.25vw - 23px)',
} as const;

/**
 * The `srcset` of a photo's stored variants (ADR 0018), so the browser downloads what the frame
 * needs at the screen's density: the medium variant on most phones, the display one on dense
 * screens. `smallest: 'thumb'` adds the thumbnail, for frames a list or grid draws small. A
 * photo stored before the medium variant existed offers its display variant in its place.
 */
export function photoSrcSet(image: Image, smallest: 'thumb' | 'medium' = 'medium'): string {
  const sources = [`${image.url} ${String(image.width)}w`];
  if (image.medium_url !== null) {
    sources.unshift(`${image.medium_url} ${String(PHOTO_VARIANT_SIZES.medium.width)}w`);
  }
  if (smallest === 'thumb') {
    sources.unshift(`${image.thumb_url} ${String(PHOTO_VARIANT_SIZES.thumb.width)}w`);
  }
  return sources.join(', ');
}
