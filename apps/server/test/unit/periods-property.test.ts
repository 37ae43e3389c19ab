import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayKey,
  formatUtcDay,
  nextDay,
  parseDay,
  utcMidnight,
  utcMidnightOf,
  zoneOffset,
} from '../../src/domain/day.js';
import {
  currentDay,
  currentPeriod,
  periodDays,
  periodOf,
  startOfDay,
  type BoundedPeriodType,
} from '../../src/domain/leaderboard/index.js';

/**
 * Issue 14: every period and date function over the whole range the contract's date format
 * accepts (years 0000-9999), in zones with local mean times, midnight daylight-saving changes
 * (America/Sao_Paulo), a skipped day (Pacific/Apia, 2011-12-30) and fall-backs across midnight
 * (America/St_Johns before 2011). Each call must return (never loop), and periods must tile time.
 */
const ZONES = [
  'Asia/Shanghai',
  'UTC',
  'America/Sao_Paulo',
  'Pacific/Apia',
  'America/St_Johns',
  'America/New_York',
] as const;
const TYPES: readonly BoundedPeriodType[] = ['day', 'week', 'month'];
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const FIRST = utcMidnightOf(0, 1, 1);
const LAST = utcMidnightOf(9999, 12, 31);

/** The days issue 14 named, and the odd days of the zones above. */
const EDGE_DAYS = [
  '0000-01-01',
  '0000-12-31',
  '0050-06-15',
  '0099-12-31',
  '0100-01-01',
  '0999-12-31',
  '1000-01-01',
  '1582-10-10',
  '1900-01-01',
  '1940-06-01',
  '1970-01-01',
  '2000-01-01',
  '2000-02-29',
  '2010-11-07',
  '2011-12-29',
  '2011-12-30',
  '2011-12-31',
  '2018-02-18',
  '2018-11-04',
  '9999-12-31',
];

const dayArb = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_DAYS) },
  {
    weight: 4,
    arbitrary: fc
      .integer({ min: 0, max: (LAST - FIRST) / DAY_MS })
      .map((n) => formatUtcDay(FIRST + n * DAY_MS)),
  },
);
const zoneArb = fc.constantFrom(...ZONES);
const typeArb = fc.constantFrom(...TYPES);
const instantArb = fc.integer({ min: FIRST + DAY_MS, max: LAST });
const RUNS = { numRuns: 300 };

/** Day order by the calendar (a period's end may fall in year 10000, which sorts as text wrongly). */
function earlier(a: string, b: string): boolean {
  return utcMidnight(a) < utcMidnight(b);
}

/** Whether the zone's clock shows `day` at any quarter hour near `around`. */
function zoneShows(day: string, around: number, timeZone: string): boolean {
  for (let at = around - 48 * HOUR_MS; at <= around + 48 * HOUR_MS; at += 15 * 60_000) {
    if (dayKey(at, timeZone) === day) return true;
  }
  return false;
}

describe('calendar days of years 0000-9999', () => {
  it('writes, reads and moves every day exactly (no two-digit-year trap)', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -4000, max: 4000 }), (day, days) => {
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(formatUtcDay(utcMidnight(day))).toBe(day);
        expect(new Date(utcMidnight(day)).toISOString().slice(0, 10)).toBe(day);
        expect(addDays(addDays(day, days), -days)).toBe(day);
        expect(utcMidnight(addDays(day, days)) - utcMidnight(day)).toBe(days * DAY_MS);
        expect(utcMidnight(nextDay(day)) - utcMidnight(day)).toBe(DAY_MS);
        const { year } = parseDay(day);
        expect(year).toBe(Number(day.slice(0, 4)));
      }),
      RUNS,
    );
  });

  it('refuses what is not a calendar day', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '', 'x']) {
      expect(() => parseDay(bad)).toThrow(RangeError);
    }
  });

  it('names the day of any instant in any zone as the offset says', () => {
    fc.assert(
      fc.property(instantArb, zoneArb, (at, zone) => {
        const day = dayKey(at, zone);
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(day).toBe(formatUtcDay(at + zoneOffset(at, zone)));
        expect(Math.abs(zoneOffset(at, zone))).toBeLessThanOrEqual(16 * HOUR_MS);
      }),
      RUNS,
    );
  });
});

describe('startOfDay over years 0000-9999', () => {
  it('is the first instant showing the day (or, for a skipped day, the next one)', () => {
    fc.assert(
      fc.property(dayArb, zoneArb, (day, zone) => {
        const start = startOfDay(day, zone);
        expect(Number.isFinite(start)).toBe(true);
        expect(Math.abs(start - utcMidnight(day))).toBeLessThanOrEqual(18 * HOUR_MS);
        expect(earlier(dayKey(start - 1, zone), day)).toBe(true);
        const shown = dayKey(start, zone);
        if (shown !== day) {
          expect(earlier(day, shown)).toBe(true);
          expect(zoneShows(day, start, zone)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('never goes backwards: days follow each other, none longer than 50 hours', () => {
    fc.assert(
      fc.property(dayArb, zoneArb, (day, zone) => {
        const length = startOfDay(nextDay(day), zone) - startOfDay(day, zone);
        expect(length).toBeGreaterThanOrEqual(0);
        expect(length).toBeLessThanOrEqual(50 * HOUR_MS);
      }),
      RUNS,
    );
  });

  it('knows the odd days of the zones', () => {
    const at = (day: string, zone: string) => new Date(startOfDay(day, zone)).toISOString();
    // Samoa skipped 2011-12-30: an empty day.
    expect(startOfDay('2011-12-30', 'Pacific/Apia')).toBe(startOfDay('2011-12-31', 'Pacific/Apia'));
    // São Paulo sprang forward at midnight (the day began at 01:00) and fell back at midnight.
    expect(at('2018-11-04', 'America/Sao_Paulo')).toBe('2018-11-04T03:00:00.000Z');
    expect(at('2018-02-18', 'America/Sao_Paulo')).toBe('2018-02-18T03:00:00.000Z');
    // St. John's fell back at 00:01: the day began at the first midnight.
    expect(at('2010-11-07', 'America/St_Johns')).toBe('2010-11-07T02:30:00.000Z');
    // Shanghai kept local mean time (+8:05:43) before 1901.
    expect(at('0100-01-01', 'Asia/Shanghai')).toBe('0099-12-31T15:54:17.000Z');
    expect(at('0000-01-01', 'UTC')).toBe('0000-01-01T00:00:00.000Z');
  });
});

describe('periods over years 0000-9999', () => {
  it('hold their day, begin at their first day and tile with the next period', () => {
    fc.assert(
      fc.property(typeArb, dayArb, zoneArb, (type, day, zone) => {
        const period = periodOf(type, day, zone);
        const { start, end } = periodDays(type, day);
        expect(period).toMatchObject({ type, start, end, key: `${type}:${start}` });
        expect(earlier(day, start) || earlier(end, day)).toBe(false);
        expect(periodOf(type, start, zone).key).toBe(period.key);
        expect(periodOf(type, end, zone).key).toBe(period.key);
        expect(period.startsAt).toBe(startOfDay(start, zone));
        const following = periodOf(type, addDays(end, 1), zone);
        expect(following.start).toBe(addDays(end, 1));
        expect(following.startsAt).toBe(period.endsAt);
        const preceding = periodOf(type, addDays(start, -1), zone);
        expect(preceding.endsAt).toBe(period.startsAt);
        expect((period.endsAt ?? 0) - (period.startsAt ?? 0)).toBeGreaterThanOrEqual(0);
        if (type === 'week') expect(new Date(utcMidnight(start)).getUTCDay()).toBe(1);
        if (type === 'month') expect(start.slice(8)).toBe('01');
      }),
      RUNS,
    );
  });

  it('runs the period holding the instant', () => {
    fc.assert(
      fc.property(typeArb, instantArb, zoneArb, (type, at, zone) => {
        const period = currentPeriod(type, at, zone);
        expect(period.startsAt ?? Infinity).toBeLessThanOrEqual(at);
        expect(period.endsAt ?? -Infinity).toBeGreaterThan(at);
        const day = currentDay(at, zone);
        expect(startOfDay(day, zone)).toBeLessThanOrEqual(at);
        expect(startOfDay(nextDay(day), zone)).toBeGreaterThan(at);
      }),
      RUNS,
    );
  });

  it('answers the days issue 14 named at once', () => {
    const started = performance.now();
    for (const zone of ZONES) {
      for (const [type, day] of [
        ['day', '0100-01-01'],
        ['day', '0999-12-31'],
        ['day', '0000-01-01'],
        ['month', '0050-06-15'],
        ['week', '1000-01-01'],
      ] as const) {
        const period = periodOf(type, day, zone);
        expect(period.start !== null && period.start <= day).toBe(true);
        expect((period.endsAt ?? 0) > (period.startsAt ?? 0)).toBe(true);
      }
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
