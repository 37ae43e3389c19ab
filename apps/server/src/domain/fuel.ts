import { DEFAULT_FUEL, FUEL_PER_BOOSTED_EXPOSURE } from '@yanzhi/contract';

/**
 * The fuel rules (DESIGN §6), all of them: what a wallet starts with, what a vote earns, the
 * daily cap, what an anonymous voter's fuel is worth when it signs in, and what a boost costs.
 * The amounts a client shows (the welcome fuel, the boost price) live in the contract; the
 * amounts an operator tunes (per vote, daily cap) come from the configuration, defaulting here.
 * Every change these rules decide is written as a ledger row by `FuelRepository`.
 */

/** A signed-in person's wallet is their user; an anonymous visitor's is their voter row. */
export type FuelWallet = { kind: 'user'; id: number } | { kind: 'voter'; id: number };

export function walletOf(userId: number | null, voterId: number): FuelWallet {
  return userId === null ? { kind: 'voter', id: voterId } : { kind: 'user', id: userId };
}

/** Spec §3: every new wallet, a user's or an anonymous visitor's, starts with this much. */
export const WELCOME_FUEL = DEFAULT_FUEL;

/** FUEL_PER_VOTE and FUEL_DAILY_CAP when the configuration does not set them. */
export const DEFAULT_FUEL_PER_VOTE = 2;
export const DEFAULT_FUEL_DAILY_CAP = 100;

export interface FuelRules {
  /** Fuel for one vote of a fully reliable voter. */
  fuelPerVote: number;
  /** Voters whose reliability weight is below this earn nothing. */
  reliabilityCutoff: number;
  /** Fuel one voter may earn by voting (and by merging, ADR 0022) in a calendar day. */
  fuelDailyCap: number;
}

/** The fuel a voter earned on `today`: what the day counter says, if it counts today. */
export function fuelEarnedOn(
  voter: { day: string | null; day_fuel: number },
  today: string,
): number {
  return voter.day === today ? voter.day_fuel : 0;
}

/**
 * Fuel for one vote: scaled by the voter's reliability weight, at least one for any vote that
 * earns, nothing below the cut-off, and never past the daily cap.
 */
export function fuelForVote(weight: number, rules: FuelRules, earnedToday: number): number {
  if (!(weight >= rules.reliabilityCutoff) || weight <= 0) return 0;
  const earned = Math.max(1, Math.round(rules.fuelPerVote * Math.min(1, weight)));
  return Math.max(0, Math.min(earned, rules.fuelDailyCap - earnedToday));
}

/**
 * The fuel an anonymous voter brings to the user it merges into (ADR 0022): what it earned (its
 * balance above the welcome fuel, which is not carried over: nobody is welcomed twice), counted
 * as earned on the user's today, so at most the room left under today's cap. However many ids
 * one person merges, a day pays one cap.
 */
export function fuelMovedOnMerge(
  anonymousBalance: number,
  userEarnedToday: number,
  dailyCap: number,
): number {
  const earned = Math.max(0, anonymousBalance - WELCOME_FUEL);
  return Math.min(earned, Math.max(0, dailyCap - userEarnedToday));
}

/** Two voters' fuel of the same day, merged: together, within the daily cap. */
export function mergedDayFuel(intoDayFuel: number, fromDayFuel: number, dailyCap: number): number {
  return Math.min(dailyCap, intoDayFuel + fromDayFuel);
}

/** The price of boosted exposures: fuel buys exposure, never points (DESIGN §6). */
export function boostCost(exposures: number): number {
  return exposures * FUEL_PER_BOOSTED_EXPOSURE;
}
