import type { Leaderboard, PeriodType } from '@yanzhi/contract';
import type { Language } from '../../lib/i18n';

/**
 * Calendar days (`YYYY-MM-DD`) of the board's time zone. They are handled as UTC midnights so
 * the phone's own time zone can never shift a day; the server owns the period arithmetic, the
 * page only steps from one period's first or last day to the neighbouring one.
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** A real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = toUtc(value);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, days: number): string {
  return new Date(toUtc(day).getTime() + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Today in a time zone (the leaderboard's), or in the phone's when the zone is unknown. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 10);
  }
}

type PeriodBounds = Pick<Leaderboard, 'period_start' | 'period_end'>;

/** The period shown contains today: it is the current one. */
export function isCurrentPeriod(board: PeriodBounds, today: string): boolean {
  if (board.period_start === null || board.period_end === null) return true;
  return board.period_start <= today && today <= board.period_end;
}

/** A day inside the period before this one. */
export function previousPeriodDate(board: PeriodBounds): string | null {
  return board.period_start === null ? null : addDays(board.period_start, -1);
}

/** A day inside the period after this one. */
export function nextPeriodDate(board: PeriodBounds): string | null {
  return board.period_end === null ? null : addDays(board.period_end, 1);
}

const FORMATS: Record<Exclude<PeriodType, 'all'>, Intl.DateTimeFormatOptions> = {
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  week: { month: 'short', day: 'numeric' },
  month: { year: 'numeric', month: 'long' },
};

/**
 * A day as the UI language writes it ("2026年7月8日", "Jul 8, 2026"): the native date input
 * shows the phone's own format (mm/dd/yyyy on an English phone in the Chinese UI), so the
 * picker shows this over it instead.
 */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { ...FORMATS.day, timeZone: 'UTC' }).format(toUtc(day));
}

/**
 * "2026年7月8日", "7月6日 – 7月12日", "2026年7月" (or the English equivalents). A week is two
 * days joined by `joinRange` rather than Intl's formatRange, whose output differs by engine.
 */
export function formatPeriod(
  periodType: PeriodType,
  board: PeriodBounds,
  language: Language,
  joinRange: (start: string, end: string) => string,
): string | null {
  if (periodType === 'all' || board.period_start === null || board.period_end === null) {
    return null;
  }
  const format = new Intl.DateTimeFormat(language, { ...FORMATS[periodType], timeZone: 'UTC' });
  const start = format.format(toUtc(board.period_start));
  if (periodType !== 'week') return start;
  return joinRange(start, format.format(toUtc(board.period_end)));
}
