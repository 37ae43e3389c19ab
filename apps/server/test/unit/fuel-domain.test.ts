import { DEFAULT_FUEL, FUEL_PER_BOOSTED_EXPOSURE } from '@yanzhi/contract';
import { describe, expect, it } from 'vitest';
import {
  boostCost,
  fuelEarnedOn,
  fuelForVote,
  fuelMovedOnMerge,
  mergedDayFuel,
  walletOf,
  WELCOME_FUEL,
} from '../../src/domain/fuel.js';

const rules = { fuelPerVote: 2, reliabilityCutoff: 0.2, fuelDailyCap: 100 };

describe('fuel rules (domain/fuel.ts)', () => {
  it('welcomes every new wallet with the contract amount (spec §3)', () => {
    expect(WELCOME_FUEL).toBe(DEFAULT_FUEL);
    expect(WELCOME_FUEL).toBe(50);
  });

  it('pays a signed-in voter into their user, an anonymous one into their voter row', () => {
    expect(walletOf(7, 3)).toEqual({ kind: 'user', id: 7 });
    expect(walletOf(null, 3)).toEqual({ kind: 'voter', id: 3 });
  });

  it("counts a day counter's fuel only on that day", () => {
    expect(fuelEarnedOn({ day: '2026-11-25', day_fuel: 12 }, '2026-11-25')).toBe(12);
    expect(fuelEarnedOn({ day: '2026-11-24', day_fuel: 12 }, '2026-11-25')).toBe(0);
    expect(fuelEarnedOn({ day: null, day_fuel: 0 }, '2026-11-25')).toBe(0);
  });

  it.each([
    { case: 'a fully reliable voter', weight: 1, earnedToday: 0, fuel: 2 },
    { case: 'a weight above one is paid as one', weight: 3, earnedToday: 0, fuel: 2 },
    { case: 'half the weight, half the fuel', weight: 0.5, earnedToday: 0, fuel: 1 },
    { case: 'an earning vote pays at least one', weight: 0.21, earnedToday: 0, fuel: 1 },
    { case: 'exactly at the cut-off', weight: 0.2, earnedToday: 0, fuel: 1 },
    { case: 'below the cut-off', weight: 0.19, earnedToday: 0, fuel: 0 },
    { case: 'a weightless (suspicious) vote', weight: 0, earnedToday: 0, fuel: 0 },
    { case: 'a weight that is not a number', weight: Number.NaN, earnedToday: 0, fuel: 0 },
    { case: 'one short of the daily cap', weight: 1, earnedToday: 99, fuel: 1 },
    { case: 'at the daily cap', weight: 1, earnedToday: 100, fuel: 0 },
    { case: 'past the daily cap', weight: 1, earnedToday: 130, fuel: 0 },
  ])('pays $fuel for one vote: $case', ({ weight, earnedToday, fuel }) => {
    expect(fuelForVote(weight, rules, earnedToday)).toBe(fuel);
  });

  it('pays nothing at all when the cut-off is zero and the weight is zero', () => {
    expect(fuelForVote(0, { ...rules, reliabilityCutoff: 0 }, 0)).toBe(0);
  });

  it.each([
    { case: 'only the welcome fuel: nothing', balance: 50, userToday: 0, moved: 0 },
    { case: 'less than the welcome fuel: nothing', balance: 20, userToday: 0, moved: 0 },
    { case: 'what it earned, within the cap', balance: 80, userToday: 10, moved: 30 },
    { case: 'at most the room left today', balance: 200, userToday: 90, moved: 10 },
    { case: 'nothing once today is full', balance: 200, userToday: 100, moved: 0 },
    { case: 'nothing past a full day', balance: 200, userToday: 120, moved: 0 },
  ])('moves an anonymous balance into the user at sign-in: $case', (row) => {
    expect(fuelMovedOnMerge(row.balance, row.userToday, 100)).toBe(row.moved);
  });

  it("adds two voters' fuel of one day within the cap", () => {
    expect(mergedDayFuel(30, 40, 100)).toBe(70);
    expect(mergedDayFuel(70, 40, 100)).toBe(100);
  });

  it('prices boosted exposures by the contract', () => {
    expect(boostCost(30)).toBe(30 * FUEL_PER_BOOSTED_EXPOSURE);
    expect(boostCost(0)).toBe(0);
  });
});
