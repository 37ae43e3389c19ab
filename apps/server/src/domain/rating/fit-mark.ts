/**
 * When a category's periodic refit may be incremental (ADR 0029). The incremental refit keeps
 * the voters' weights and trust as the last full refit estimated them, so a full refit comes
 * back once the votes since it are a tenth of the votes it saw, or once it is a day old
 * (`ARENA_FULL_REFIT_HOURS`): often while a category is young, daily once it is large.
 */

/** What a category's fits have done so far, as stored in its settings row. */
export interface FitMark {
  /** The last vote the fits have counted: an incremental refit fits the votes after it. */
  readonly through: number;
  /** When the last full refit was written (ms). */
  readonly fullAt: number;
  /** How many votes the last full refit saw... */
  readonly fullVotes: number;
  /** ...and how many the incremental refits since have added. */
  readonly newVotes: number;
}

/** The share of new votes (of the last full refit's) at which the next refit is a full one. */
export const FULL_REFIT_GROWTH = 0.1;

/** The stored mark, or null when there is none or it is not one (a full refit then writes it). */
export function parseFitMark(stored: string | undefined): FitMark | null {
  if (stored === undefined) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const fields = ['through', 'fullAt', 'fullVotes', 'newVotes'] as const;
    if (
      !fields.every((field) => Number.isSafeInteger(record[field]) && Number(record[field]) >= 0)
    ) {
      return null;
    }
    return {
      through: Number(record.through),
      fullAt: Number(record.fullAt),
      fullVotes: Number(record.fullVotes),
      newVotes: Number(record.newVotes),
    };
  } catch {
    return null;
  }
}

/** Whether the next refit must be a full one. */
export function fullRefitDue(mark: FitMark | null, now: number, fullEveryMs: number): boolean {
  if (mark === null) return true;
  if (!(now - mark.fullAt < fullEveryMs)) return true;
  return mark.newVotes >= FULL_REFIT_GROWTH * mark.fullVotes;
}
