/** Calendar days in the leaderboard's time zone (TZ_LEADERBOARD), as `YYYY-MM-DD`. */
const formatters = new Map<string, Intl.DateTimeFormat>();

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

export function dayKey(epochMs: number, timeZone: string): string {
  return zoneFormatter(timeZone, 'day', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(epochMs);
}

/** The day after a `YYYY-MM-DD` day. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
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
