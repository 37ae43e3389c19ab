import type { PeriodType } from '@yanzhi/contract';
import {
  addDays,
  dayKey,
  formatUtcDay,
  parseDay,
  utcMidnight,
  utcMidnightOf,
  zoneOffset,
} from '../day.js';

/** A board's period: calendar days in the leaderboard's time zone and the instants they span. */
export interface Period {
  type: PeriodType;
  /** First and last day (`YYYY-MM-DD`, inclusive); null for `all`. */
  start: string | null;
  end: string | null;
  /** Epoch ms of the first day's midnight and of the midnight after the last day; null for `all`. */
  startsAt: number | null;
  endsAt: number | null;
  /** A stable name such as `week:2026-11-16` (the first day) or `all`. */
  key: string;
}

export type BoundedPeriodType = Exclude<PeriodType, 'all'>;

/** Monday 0 … Sunday 6. */
function isoWeekday(day: string): number {
  return (new Date(utcMidnight(day)).getUTCDay() + 6) % 7;
}

/** The first and last day of the period of `type` that contains `day`. */
export function periodDays(type: BoundedPeriodType, day: string): { start: string; end: string } {
  switch (type) {
    case 'day':
      return { start: day, end: day };
    case 'week': {
      const start = addDays(day, -isoWeekday(day));
      return { start, end: addDays(start, 6) };
    }
    case 'month': {
      const { year, month } = parseDay(day);
      const start = formatUtcDay(utcMidnightOf(year, month, 1));
      return { start, end: addDays(formatUtcDay(utcMidnightOf(year, month + 1, 1)), -1) };
    }
  }
}

const HOUR_MS = 3_600_000;
/**
 * Local time is the instant plus the zone's offset, which tzdb keeps within ±16 hours (local
 * mean times included), so a day's first instant lies within this much of its UTC midnight.
 */
const SEARCH_MS = 18 * HOUR_MS;
/** Hourly probes across the window plus one step per offset change found: a hard bound. */
const MAX_SEARCH_STEPS = (2 * SEARCH_MS) / HOUR_MS + 16;

/** The first instant in (from, to] whose offset is not `offset` (one exists). */
function nextTransition(from: number, to: number, offset: number, timeZone: string): number {
  let before = from;
  let after = to;
  // Halving an hour to the millisecond: 22 steps.
  while (after - before > 1) {
    const middle = before + Math.floor((after - before) / 2);
    if (zoneOffset(middle, timeZone) === offset) before = middle;
    else after = middle;
  }
  return after;
}

/**
 * The first instant whose local time (instant + offset) reaches `wall`, walking the zone's
 * offsets hour by hour from well before: exact at daylight-saving changes and local mean times,
 * and bounded whatever the zone does.
 */
function firstInstantReaching(wall: number, timeZone: string): number {
  let at = wall - SEARCH_MS;
  let offset = zoneOffset(at, timeZone);
  for (let step = 0; step < MAX_SEARCH_STEPS; step += 1) {
    const probe = at + HOUR_MS;
    const probeOffset = zoneOffset(probe, timeZone);
    // The offset holds from `at` until `end` (an hour, or up to the change inside it).
    const end = probeOffset === offset ? probe : nextTransition(at, probe, offset, timeZone);
    const candidate = Math.max(at, wall - offset);
    if (candidate < end) return candidate;
    at = end;
    offset = end === probe ? probeOffset : zoneOffset(end, timeZone);
  }
  throw new RangeError(`no start of day found within ${MAX_SEARCH_STEPS} steps in ${timeZone}`);
}

/** Computed starts of day, by zone and day; the running periods ask for the same few. */
const startsOfDay = new Map<string, number>();
const STARTS_KEPT = 4096;

/**
 * The instant a calendar day begins in the zone: the first instant whose local date is `day` or
 * later. A zone that skips midnight (a spring-forward at 00:00) starts the day at the change; a
 * day the zone skipped altogether (Pacific/Apia, 2011-12-30) is empty, beginning and ending at
 * the same instant; so consecutive days always tile time without gaps or overlaps.
 */
export function startOfDay(day: string, timeZone: string): number {
  const key = `${timeZone}|${day}`;
  const known = startsOfDay.get(key);
  if (known !== undefined) return known;
  const start = firstInstantReaching(utcMidnight(day), timeZone);
  if (startsOfDay.size >= STARTS_KEPT) startsOfDay.clear();
  startsOfDay.set(key, start);
  return start;
}

/** The period of `type` holding the calendar day `day` (or, for `all`, the whole history). */
export function periodOf(type: PeriodType, day: string, timeZone: string): Period {
  if (type === 'all') {
    return { type, start: null, end: null, startsAt: null, endsAt: null, key: 'all' };
  }
  const { start, end } = periodDays(type, day);
  return {
    type,
    start,
    end,
    startsAt: startOfDay(start, timeZone),
    endsAt: startOfDay(addDays(end, 1), timeZone),
    key: `${type}:${start}`,
  };
}

/**
 * The day running at the instant `now`: the latest day that has begun. That is the zone's date,
 * except after a daylight-saving fall-back across midnight (St. John's before 2011, at 00:01),
 * when the clock shows the previous date again for an hour that already belongs to the new day.
 */
export function currentDay(now: number, timeZone: string): string {
  const shown = dayKey(now, timeZone);
  const next = addDays(shown, 1);
  return startOfDay(next, timeZone) <= now ? next : shown;
}

/** The period of `type` that is running at the instant `now`. */
export function currentPeriod(type: PeriodType, now: number, timeZone: string): Period {
  return periodOf(type, currentDay(now, timeZone), timeZone);
}

/** Whether the period has ended at `now` (its board is then frozen). */
export function hasEnded(period: Period, now: number): boolean {
  return period.endsAt !== null && period.endsAt <= now;
}

/** Whether the period has not begun at `now` (tomorrow's day board, say). */
export function hasNotBegun(period: Period, now: number): boolean {
  return period.startsAt !== null && period.startsAt > now;
}

/** Calendar arithmetic and the day of an instant, re-exported for the board's callers. */
export { addDays, dayKey };
