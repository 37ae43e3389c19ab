/**
 * Calendar days (`YYYY-MM-DD`) and the leaderboard's time zone (TZ_LEADERBOARD). Days are built
 * with `setUTCFullYear`, never `Date.UTC`, whose years 0-99 mean 1900-1999; a day of any year
 * from 0000 to 9999 (and a little beyond, for the edges of periods) reads and writes exactly.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(-?\d{4,6})-(\d{2})-(\d{2})$/;

/** One formatter per zone and purpose: building them is far slower than using them. */
export function zoneFormatter(
  timeZone: string,
  purpose: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${purpose}:${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, ...options });
    formatters.set(key, format);
  }
  return format;
}

/** Epoch ms of a calendar date's midnight in UTC; month and date may overflow (13 → January). */
export function utcMidnightOf(year: number, month: number, date: number): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date);
  return at.getTime();
}

/** The calendar day of a UTC instant, the year written with at least four digits. */
export function formatUtcDay(epochMs: number): string {
  const at = new Date(epochMs);
  const year = at.getUTCFullYear();
  const digits = String(Math.abs(year)).padStart(4, '0');
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  const date = String(at.getUTCDate()).padStart(2, '0');
  return `${year < 0 ? '-' : ''}${digits}-${month}-${date}`;
}

/** The numbers of a real calendar day; anything else (2026-02-30, 26-1-1) is a RangeError. */
export function parseDay(day: string): { year: number; month: number; date: number } {
  const match = DAY_PATTERN.exec(day);
  const [year, month, date] = (match ?? []).slice(1).map(Number);
  if (year === undefined || month === undefined || date === undefined) {
    throw new RangeError(`not a calendar day: ${JSON.stringify(day)}`);
  }
  const back = new Date(utcMidnightOf(year, month, date));
  if (back.getUTCMonth() + 1 !== month || back.getUTCDate() !== date) {
    throw new RangeError(`not a calendar day: ${JSON.stringify(day)}`);
  }
  return { year, month, date };
}

/** Epoch ms of the day's midnight in UTC. */
export function utcMidnight(day: string): number {
  const { year, month, date } = parseDay(day);
  return utcMidnightOf(year, month, date);
}

/** `day` moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  return formatUtcDay(utcMidnight(day) + days * DAY_MS);
}

/** The day after a `YYYY-MM-DD` day. */
export function nextDay(day: string): string {
  return addDays(day, 1);
}

const OFFSET_PATTERN = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/;

/** The zone's offset from UTC (ms) at an instant, to the second (local mean time included). */
export function zoneOffset(epochMs: number, timeZone: string): number {
  const format = zoneFormatter(timeZone, 'offset', { timeZoneName: 'longOffset' });
  const name = format.formatToParts(epochMs).find((part) => part.type === 'timeZoneName');
  const match = OFFSET_PATTERN.exec(name?.value ?? '');
  if (!match) throw new RangeError(`unreadable offset ${String(name?.value)} in ${timeZone}`);
  const [, sign, hours, minutes, seconds] = match;
  const size =
    Number(hours ?? 0) * 3_600_000 + Number(minutes ?? 0) * 60_000 + Number(seconds ?? 0) * 1000;
  return sign === '-' ? -size : size;
}

/** en-CA prints `YYYY-MM-DD` only for years 1000-9999 of our era; outside, the offset decides. */
const PRINTED_FROM = utcMidnightOf(1001, 1, 1);
const PRINTED_UNTIL = utcMidnightOf(9999, 1, 1);

/** The calendar day of an instant in the zone. */
export function dayKey(epochMs: number, timeZone: string): string {
  if (epochMs >= PRINTED_FROM && epochMs < PRINTED_UNTIL) {
    return zoneFormatter(timeZone, 'day', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(epochMs);
  }
  return formatUtcDay(epochMs + zoneOffset(epochMs, timeZone));
}

/**
 * The voting streak after a vote on `today`: unchanged on the same day, one longer on the next
 * day, back to one after a gap.
 */
export function nextStreak(lastDay: string | null, streak: number, today: string): number {
  if (lastDay === today) return Math.max(streak, 1);
  if (lastDay !== null && nextDay(lastDay) === today) return streak + 1;
  return 1;
}

/** The streak still alive on `today` (a streak whose last day was before yesterday is over). */
export function currentStreak(lastDay: string | null, streak: number, today: string): number {
  if (lastDay === null) return 0;
  return lastDay === today || nextDay(lastDay) === today ? streak : 0;
}
