import { DEFAULT_RATING } from './constants.js';

/** Levels of spec §4, thresholds inclusive from below (DESIGN §5: 6.99 is adept, 7.00 is expert). */
export const LEVELS = [
  { key: 'supreme', minScore: 900, name: '颜值超神', name_en: 'Beauty Deity' },
  { key: 'god', minScore: 800, name: '颜值大神', name_en: 'Beauty God' },
  { key: 'expert', minScore: 700, name: '颜值高手', name_en: 'Beauty Expert' },
  { key: 'adept', minScore: 600, name: '颜值达人', name_en: 'Beauty Adept' },
  { key: 'novice', minScore: 500, name: '颜值新手', name_en: 'Beauty Novice' },
  { key: 'rookie', minScore: Number.NEGATIVE_INFINITY, name: '颜值萌新', name_en: 'Beauty Rookie' },
] as const;

export type Level = (typeof LEVELS)[number];
export type LevelKey = Level['key'];

/** rating = current_score / 100 (spec §3). */
export function ratingFromScore(currentScore: number): number {
  return currentScore / 100;
}

/**
 * The level for a rating. Compared in hundredths so that 7.00 is never read as 6.9999….
 */
export function levelFromRating(rating: number): Level {
  const hundredths = Math.round(rating * 100);
  return LEVELS.find((level) => hundredths >= level.minScore) ?? LEVELS[5];
}

export function levelFromScore(currentScore: number): Level {
  return levelFromRating(ratingFromScore(currentScore));
}

/** The user's rating: the best photo (the first of the list, spec §3), or 5 without photos. */
export function userRating(photos: readonly { current_score: number }[]): number {
  const best = photos[0];
  return best === undefined ? DEFAULT_RATING : ratingFromScore(best.current_score);
}

/** A score in hundredths shown with one decimal, rounded half up in integer arithmetic. */
export function formatScore(currentScore: number): string {
  return (Math.round(currentScore / 10) / 10).toFixed(1);
}

/** A change in hundredths shown with one decimal and its sign ("+0.2", "-1.3"). */
export function formatScoreChange(deltaHundredths: number): string {
  const tenths = Math.round(Math.abs(deltaHundredths) / 10);
  const sign = deltaHundredths < 0 ? '-' : '+';
  return `${sign}${(tenths / 10).toFixed(1)}`;
}
