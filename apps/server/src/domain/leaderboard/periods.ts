import type { PeriodType } from '@yanzhi/contract';
import { dayKey, zoneFormatter } from '../day.js';

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

const DAY_MS = 86_400_000;

function parseDay(day: string): { year: number; month: number; date: number } {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, date: date ?? 1 };
}

function formatUtcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** `day` moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const { year, month, date } = parseDay(day);
  return formatUtcDay(Date.UTC(year, month - 1, date) + days * DAY_MS);
}

/** Monday 0 … Sunday 6. */
function isoWeekday(day: string): number {
  const { year, month, date } = parseDay(day);
  return (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
}

function lastDayOfMonth(day: string): string {
  const { year, month } = parseDay(day);
  return formatUtcDay(Date.UTC(year, month, 0));
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
    case 'month':
      return { start: `${day.slice(0, 8)}01`, end: lastDayOfMonth(day) };
  }
}

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffset(epochMs: number, timeZone: string): number {
  const format = zoneFormatter(timeZone, 'offset', {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - (epochMs - (epochMs % 1000));
}

/** The instant a calendar day begins in the zone (the first instant whose local date is `day`). */
export function startOfDay(day: string, timeZone: string): number {
  const { year, month, date } = parseDay(day);
  const wall = Date.UTC(year, month - 1, date);
  // Two passes settle the offset on either side of a daylight-saving change.
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  // A zone that skips midnight (a spring-forward at 00:00) starts the day at the first instant
  // that already carries its date.
  while (dayKey(instant, timeZone) !== day) instant += 15 * 60_000;
  while (dayKey(instant - 1, timeZone) === day) instant -= 15 * 60_000;
  return instant;
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

/** The period of `type` that is running at the instant `now`. */
export function currentPeriod(type: PeriodType, now: number, timeZone: string): Period {
  return periodOf(type, dayKey(now, timeZone), timeZone);
}

/** Whether the period has ended at `now` (its board is then frozen). */
export function hasEnded(period: Period, now: number): boolean {
  return period.endsAt !== null && period.endsAt <= now;
}

/** The calendar day of the instant in the zone (re-exported for the board's callers). */
export { dayKey };
