import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATING,
  formatScore,
  formatScoreChange,
  levelFromRating,
  levelFromScore,
  ratingFromScore,
  userRating,
} from '../src/index.js';

describe('rating from score (spec §3)', () => {
  it('divides the score in hundredths by 100', () => {
    expect(ratingFromScore(745)).toBe(7.45);
    expect(ratingFromScore(100)).toBe(1);
    expect(ratingFromScore(1000)).toBe(10);
  });

  it('is the best (first) photo of the list, or 5 without photos', () => {
    expect(userRating([])).toBe(DEFAULT_RATING);
    expect(DEFAULT_RATING).toBe(5);
    expect(userRating([{ current_score: 812 }, { current_score: 640 }])).toBe(8.12);
  });
});

describe('levels (spec §4), thresholds inclusive from below', () => {
  it.each([
    [10, '颜值超神'],
    [9, '颜值超神'],
    [8.99, '颜值大神'],
    [8, '颜值大神'],
    [7.99, '颜值高手'],
    [7, '颜值高手'],
    [6.99, '颜值达人'],
    [6, '颜值达人'],
    [5.99, '颜值新手'],
    [5, '颜值新手'],
    [4.99, '颜值萌新'],
    [1, '颜值萌新'],
  ])('rating %s is %s', (rating, name) => {
    expect(levelFromRating(rating).name).toBe(name);
  });

  it('reads 7.00 from a score of 700 without floating point drift', () => {
    expect(levelFromScore(700).key).toBe('expert');
    expect(levelFromScore(699).key).toBe('adept');
    expect(levelFromRating(0.7 * 10).key).toBe('expert');
  });

  it('has an English name for every level', () => {
    expect(levelFromScore(950).name_en).toBe('Beauty Deity');
    expect(levelFromScore(300).name_en).toBe('Beauty Rookie');
  });
});

describe('score formatting (spec §9: one decimal, signed change)', () => {
  it('shows one decimal, rounding half up', () => {
    expect(formatScore(745)).toBe('7.5');
    expect(formatScore(635)).toBe('6.4');
    expect(formatScore(500)).toBe('5.0');
    expect(formatScore(1000)).toBe('10.0');
  });

  it('signs the change', () => {
    expect(formatScoreChange(20)).toBe('+0.2');
    expect(formatScoreChange(-130)).toBe('-1.3');
    expect(formatScoreChange(0)).toBe('+0.0');
  });
});
