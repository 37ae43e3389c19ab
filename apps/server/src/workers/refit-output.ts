/**
 * Writes a refit's outcome (ADR 0017) a few thousand rows a statement, each statement its own
 * transaction, yielding to the event loop between them: no request waits behind the whole write,
 * neither for the event loop (SQLite's driver is synchronous) nor for SQLite's one connection nor
 * for PostgreSQL's row locks. The reference set and the refit's stamp go last, in one
 * transaction: every process reloads the category when it sees the stamp, so running boards and
 * pairing indexes switch to the new scores only once every row is written.
 */
import type { Store } from '../repositories/store.js';
import type { RefitJob, RefitOutcome } from './refit-job.js';
import { yieldToEventLoop } from './refit-input.js';
import { refitStampKey } from '../repositories/settings.repository.js';

/**
 * Rows per statement (and per transaction). SQLite runs a statement on the event loop (about
 * 20 ms for 500 rows here); PostgreSQL runs it elsewhere, but commits (and syncs) each one.
 */
function rowsPerStatement(store: Pick<Store, 'rowLocks'>): number {
  return store.rowLocks ? 2500 : 500;
}

export interface RefitWrite {
  categoryId: number;
  job: Pick<RefitJob, 'photoIds' | 'active'>;
  outcome: RefitOutcome;
  voterIds: readonly number[];
  /** Today in the configured time zone (the score history's day). */
  day: string;
  stamp: string;
  now: number;
  /** Told of each chunk of photo rows right after their statement (the pairing index). */
  onPhotoRows: (rows: readonly { id: number; mu: number; sigma2: number }[]) => void;
}

const nullable = (rank: number) => (rank > 0 ? rank : null);

export async function writeRefitOutcome(
  store: Store<'ratings' | 'references' | 'scoreDays' | 'settings' | 'voters'>,
  write: RefitWrite,
): Promise<void> {
  const { job, outcome } = write;
  const { ratings, scoreDays, voters } = store.repos;
  const count = job.photoIds.length;
  const chunk = rowsPerStatement(store);
  for (let from = 0; from < count; from += chunk) {
    const rows = [];
    for (let index = from; index < Math.min(count, from + chunk); index++) {
      rows.push({
        id: job.photoIds[index] as number,
        mu: outcome.mu[index] as number,
        sigma2: outcome.sigma2[index] as number,
        current_score: outcome.score[index] as number,
        provisional: outcome.provisional[index] as number,
      });
    }
    await ratings.applyRefit(rows);
    write.onPhotoRows(rows);
    await yieldToEventLoop();
  }
  for (let from = 0; from < count; from += chunk) {
    const rows = [];
    for (let index = from; index < Math.min(count, from + chunk); index++) {
      if (job.active[index] !== 1) continue;
      rows.push({
        id: job.photoIds[index] as number,
        current_score: outcome.score[index] as number,
        rank_all: nullable(outcome.rankAll[index] as number),
        rank_week: nullable(outcome.rankWeek[index] as number),
        rank_month: nullable(outcome.rankMonth[index] as number),
      });
    }
    if (rows.length > 0) await scoreDays.recordDailyScores(rows, write.day);
    await yieldToEventLoop();
  }
  for (let from = 0; from < write.voterIds.length; from += chunk) {
    const rows = write.voterIds.slice(from, from + chunk).map((id, offset) => ({
      id,
      weight: outcome.voterWeight[from + offset] as number,
      reliability: outcome.voterReliability[from + offset] as number,
      trust: outcome.voterTrust[from + offset] as number,
    }));
    await voters.setRefitResults(rows);
    await yieldToEventLoop();
  }
  await store.transaction(async (repos) => {
    await repos.references.setReferences(write.categoryId, outcome.referenceIds);
    // Every process reloads this category's pairing index and running leaderboards.
    await repos.settings.set(refitStampKey(write.categoryId), write.stamp, write.now);
  });
}
