/**
 * Report standing and auto-hiding (DESIGN §7, ADR 0023): ids cost nothing to make, so a photo is
 * hidden before review only by reporters who have something to lose (a signed-in account, or a
 * voter whose votes the last refit found reliable) and who come from distinct neighbourhoods.
 * Every rule about who may take a photo down lives here, so it changes in one place.
 */

/** What is known about a reporter when the report is made. */
export interface Reporter {
  /** Signed in (auth kind 'user'). */
  signedIn: boolean;
  /**
   * The account is a device account a first upload made without signing up: as cheap to make as
   * an id, so it has standing only through earned weight, like an anonymous voter.
   */
  deviceAccount: boolean;
  /** The reporter's voter: the last refit's reliability weight, null before any refit. */
  refitWeight: number | null;
  /** The trust the last refit found the voter had earned (ADR 0024), null before any refit. */
  trust: number | null;
  totalVotes: number;
  goldPassed: number;
}

export interface StandingRule {
  /** The refit weight at or above which a voter's votes count (`ARENA_RELIABILITY_CUTOFF`). */
  reliabilityCutoff: number;
}

/** Votes a voter must have cast before its weight gives a report standing. */
export const STANDING_MIN_VOTES = 20;
/** Earned trust (ADR 0024) a voter must have: most of it, not the newcomer's prior. */
export const STANDING_MIN_TRUST = 0.75;
/** Gold pairs (known large gaps) a voter must have judged right. */
export const STANDING_MIN_GOLD_PASSED = 1;

/**
 * Whether a report counts towards hiding a photo: the reporter is signed in with an account that
 * is not a device account, or is a voter (anonymous or a device account) with earned weight (a
 * refit weight at or above the cutoff, earned trust, enough votes, at least one gold pair
 * passed). A fresh id
 * never has standing.
 */
export function hasStanding(reporter: Reporter, rule: StandingRule): boolean {
  if (reporter.signedIn && !reporter.deviceAccount) return true;
  const weight = reporter.refitWeight;
  return (
    weight !== null &&
    Number.isFinite(weight) &&
    weight >= rule.reliabilityCutoff &&
    weight > 0 &&
    (reporter.trust ?? 0) >= STANDING_MIN_TRUST &&
    reporter.totalVotes >= STANDING_MIN_VOTES &&
    reporter.goldPassed >= STANDING_MIN_GOLD_PASSED
  );
}

/** Comparisons per doubling of the extra reporters a photo's exposure asks for. */
export const EXPOSURE_STEP = 100;

/**
 * Distinct neighbourhoods of reporters with standing that hide a photo: the configured base for a
 * photo with few comparisons, one more at 100 comparisons, two at 300, three at 700, four at 1,500
 * (base + ⌊log2(1 + comparisons / 100)⌋): a photo thousands have seen, and few objected to,
 * needs more voices to come down, but never so many that a real problem waits for a crowd.
 */
export function hideThreshold(base: number, comparisons: number): number {
  const seen = Number.isFinite(comparisons) ? Math.max(0, comparisons) : 0;
  return base + Math.floor(Math.log2(1 + seen / EXPOSURE_STEP));
}

/** Whether open reports hide the photo pending review. */
export function shouldHide(standingNeighbourhoods: number, threshold: number): boolean {
  return standingNeighbourhoods >= threshold;
}
