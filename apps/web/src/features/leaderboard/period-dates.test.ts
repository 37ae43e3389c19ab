import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDay,
  formatPeriod,
  isCalendarDay,
  isCurrentPeriod,
  nextPeriodDate,
  previousPeriodDate,
  todayIn,
} from './period-dates';

const join = (start: string, end: string) => `${start} – ${end}`;

describe('period dates', () => {
  it('steps across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('accepts only real calendar days', () => {
    expect(isCalendarDay('2026-07-08')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-7-8')).toBe(false);
    expect(isCalendarDay('yesterday')).toBe(false);
  });

  it("reads today in the board's time zone, not the phone's", () => {
    const now = new Date('2026-07-08T17:30:00.000Z');
    expect(todayIn('Asia/Shanghai', now)).toBe('2026-07-09');
    expect(todayIn('America/New_York', now)).toBe('2026-07-08');
    expect(todayIn('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('finds the neighbouring periods from the bounds of the shown one', () => {
    const week = { period_start: '2026-06-29', period_end: '2026-07-05' };
    expect(previousPeriodDate(week)).toBe('2026-06-28');
    expect(nextPeriodDate(week)).toBe('2026-07-06');
    expect(isCurrentPeriod(week, '2026-07-01')).toBe(true);
    expect(isCurrentPeriod(week, '2026-07-06')).toBe(false);
    expect(previousPeriodDate({ period_start: null, period_end: null })).toBeNull();
  });

  it('names days, weeks and months in both languages', () => {
    const day = { period_start: '2026-07-08', period_end: '2026-07-08' };
    const week = { period_start: '2026-06-29', period_end: '2026-07-05' };
    const month = { period_start: '2026-07-01', period_end: '2026-07-31' };
    expect(formatPeriod('day', day, 'zh-CN', join)).toBe('2026年7月8日');
    expect(formatPeriod('week', week, 'zh-CN', join)).toBe('6月29日 – 7月5日');
    expect(formatPeriod('month', month, 'zh-CN', join)).toBe('2026年7月');
    expect(formatPeriod('week', week, 'en', join)).toBe('Jun 29 – Jul 5');
    expect(formatPeriod('month', month, 'en', join)).toBe('July 2026');
    expect(formatPeriod('all', month, 'en', join)).toBeNull();
  });

  it("writes the picker's day in the UI language, whatever the phone's", () => {
    expect(formatDay('2026-11-21', 'zh-CN')).toBe('2026年11月21日');
    expect(formatDay('2026-11-21', 'en')).toBe('Nov 21, 2026');
    expect(formatDay('2026-01-01', 'zh-CN')).toBe('2026年1月1日');
  });
});
