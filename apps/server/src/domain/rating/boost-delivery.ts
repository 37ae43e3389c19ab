/**
 * Boost delivery (DESIGN §6, ADR 0007 "Boost delivery"): N exposures bought are N appearances on
 * top of the organic ones the photo would have had, spread over a delivery window, with no effect
 * on its rank.
 *
 * Two rules make that true:
 *  - Organic selection does not see the boost's comparisons. Pairing spreads information: a photo
 *    with more comparisons has a smaller σ² and leaves its placement burst sooner, so without this
 *    rule the organic pairs turn away from a boosted photo until the rest of the category catches
 *    up, and the boost buys almost nothing (issue 18: +2 appearances for 50 bought). Information,
 *    placement and opponent choices therefore look at the photo's organic view: its comparisons
 *    less the boosted ones, and the σ² it would have without them. The votes themselves are
 *    honest comparisons and count in full everywhere else (μ, σ², scores, refits, gold pairs).
 *  - A pace: a boost run's exposures fall due evenly over `boostDeliveryMs` from its start, with a
 *    small lead (`boostLead`); a boosted photo ahead of its schedule is not offered as a boosted
 *    photo. A photo behind (quiet hours) catches up at the boost share. Buying more during a run moves the
 *    run's start so that what was delivered is exactly what is due: the remainder is spread at the
 *    new total's rate, never served in a burst.
 */
import type { RatingParams } from './params.js';

/** What pairing knows of a photo's boost and comparisons (fields of an indexed photo). */
export interface BoostFacts {
  readonly sigma2: number;
  readonly comparisons: number;
  /** Boosted exposures still owed. */
  readonly boostRemaining: number;
  /** Exposures bought in the current (or last) run; absent: unknown, the run is not paced. */
  readonly boostBought?: number;
  /** When the current run's schedule starts (ms); absent or null: not paced. */
  readonly boostStartedAt?: number | null;
  /** Boosted exposures ever settled for this photo (its boosted comparisons). */
  readonly boostServed?: number;
}

/** A photo's boost columns: the run's purchase, its schedule, and what is still owed. */
export interface BoostRun {
  readonly remaining: number;
  readonly bought: number;
  readonly startedAt: number | null;
}

/** The comparisons organic pairing counts: those not made as the boosted photo of a boost pair. */
export function organicComparisons(photo: BoostFacts): number {
  return Math.max(0, photo.comparisons - (photo.boostServed ?? 0));
}

/**
 * The σ² the photo would have without its boosted comparisons: its precision less
 * `boostedComparisonInformation` for each of them, never below the prior's. Removing a
 * proportional share of the precision instead (each comparison alike) left a boosted photo about
 * 4 organic appearances short of its twin's over a day: a boost pair's opponent is chosen for
 * closeness, so its comparisons carry more than the placement and random pairs the photo would
 * otherwise have had.
 */
export function organicSigma2(photo: BoostFacts, params: RatingParams): number {
  const boosted = photo.boostServed ?? 0;
  if (boosted <= 0) return photo.sigma2;
  const prior = 1 / params.priorVariance;
  const gained = Math.max(0, 1 / photo.sigma2 - prior);
  return 1 / (prior + Math.max(0, gained - params.boostedComparisonInformation * boosted));
}

/** The photo as organic selection sees it (the same object when it was never boosted). */
export function organicView<P extends BoostFacts>(photo: P, params: RatingParams): P {
  if ((photo.boostServed ?? 0) <= 0) return photo;
  return {
    ...photo,
    sigma2: organicSigma2(photo, params),
    comparisons: organicComparisons(photo),
  };
}

/**
 * Exposures a run may be ahead of its schedule: one and a twentieth of the run, so delivery starts
 * at once and is due in full about an hour (of 24) before the window ends, which leaves the
 * random gaps between boost pairs room to close within the window.
 */
export function boostLead(bought: number): number {
  return 1 + bought / 20;
}

/** Exposures of the current (or last) run served so far. */
export function boostDelivered(run: Pick<BoostRun, 'remaining' | 'bought'>): number {
  return Math.max(0, run.bought - run.remaining);
}

/**
 * Whether a boosted photo may be shown as boosted at `now`: it owes exposures and is not ahead of
 * its run's schedule. Without a time, or for a run without a schedule, any owed exposure is due.
 */
export function boostDue(
  photo: BoostFacts,
  now: number | undefined,
  params: RatingParams,
): boolean {
  if (photo.boostRemaining <= 0) return false;
  const bought = photo.boostBought ?? 0;
  const start = photo.boostStartedAt ?? null;
  if (now === undefined || start === null || bought <= 0 || params.boostDeliveryMs <= 0)
    return true;
  const due = (bought * Math.max(0, now - start)) / params.boostDeliveryMs;
  return boostDelivered({ bought, remaining: photo.boostRemaining }) < due + boostLead(bought);
}

/**
 * The run after buying `exposures` at `now`: a new run when nothing is owed; otherwise the same run
 * with a larger total, its start moved so that what was delivered is what is due now.
 */
export function buyBoost(
  run: BoostRun,
  exposures: number,
  now: number,
  params: RatingParams,
): BoostRun {
  if (run.remaining <= 0) return { remaining: exposures, bought: exposures, startedAt: now };
  const bought = Math.max(run.bought, run.remaining) + exposures;
  const delivered = bought - exposures - run.remaining;
  return {
    remaining: run.remaining + exposures,
    bought,
    startedAt: now - Math.round((params.boostDeliveryMs * delivered) / bought),
  };
}
