/** Well-formed board and card requests over every period type and day (issue 14's edges). */
import { PERIOD_TYPE_ALIASES, PERIOD_TYPES, type PeriodType } from '@yanzhi/contract';
import fc from 'fast-check';
import { PERIOD_DATE_EDGES, anyCalendarDay } from './hostile-values.js';
import type { FuzzContext } from './requests.js';

/** A well-formed board or card request naming a period by one of its days. */
export interface PeriodRequest {
  call: 'get_leaderboard' | 'gen_share_image';
  body: Record<string, unknown>;
  /** The canonical period type the body names (aliases resolved). */
  periodType: PeriodType;
  periodDate: string;
}

const PERIOD_TYPE_NAMES = [...PERIOD_TYPES, ...Object.keys(PERIOD_TYPE_ALIASES)] as const;

function canonicalPeriodType(name: string): PeriodType {
  return name in PERIOD_TYPE_ALIASES
    ? PERIOD_TYPE_ALIASES[name as keyof typeof PERIOD_TYPE_ALIASES]
    : (name as PeriodType);
}

/**
 * get_leaderboard and gen_share_image over every period type (aliases too) and every day of
 * years 0000-9999: issue 14's edges, uniform days, and `nearby` days (around the server's first
 * photo and today) so the range's own edges are hit.
 */
export function periodRequestArb(
  c: FuzzContext,
  nearby: readonly string[],
): fc.Arbitrary<PeriodRequest> {
  const day = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...PERIOD_DATE_EDGES) },
    { weight: 3, arbitrary: anyCalendarDay },
    { weight: 2, arbitrary: fc.constantFrom(...nearby) },
  );
  return fc
    .record({
      call: fc.constantFrom('get_leaderboard', 'get_leaderboard', 'gen_share_image'),
      type: fc.constantFrom(...PERIOD_TYPE_NAMES),
      day,
      page: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ call, type, day: periodDate, page }) => periodRequest(c, call, type, periodDate, page));
}

/** One board or card request for a period type (or alias) and a day. */
export function periodRequest(
  c: FuzzContext,
  call: PeriodRequest['call'],
  type: string,
  periodDate: string,
  page = 1,
): PeriodRequest {
  const body: Record<string, unknown> =
    call === 'get_leaderboard'
      ? { category_id: c.categoryId, period_type: type, period_date: periodDate, page }
      : { photo_id: c.photoId, period_type: type, period_date: periodDate, lang: 'en' };
  return { call, body, periodType: canonicalPeriodType(type), periodDate };
}

/**
 * Every edge for both calls (period types taking turns, aliases included), issue 14's own
 * requests first: sent before the generated batches, so none is left to chance.
 */
export function periodEdgeRequests(c: FuzzContext): PeriodRequest[] {
  const named: [string, string][] = [
    ['day', '0100-01-01'],
    ['day', '0999-12-31'],
    ['day', '0000-01-01'],
    ['month', '0050-06-15'],
    ['week', '1000-01-01'],
  ];
  const edges: [string, string][] = PERIOD_DATE_EDGES.map((day, index) => [
    PERIOD_TYPE_NAMES[index % PERIOD_TYPE_NAMES.length] ?? 'day',
    day,
  ]);
  return [...named, ...edges].flatMap(([type, day]) => [
    periodRequest(c, 'get_leaderboard', type, day),
    periodRequest(c, 'gen_share_image', type, day),
  ]);
}
