/**
 * Writes a refit's outcome (ADR 0017) a few thousand rows a statement, each chunk its own
 * transaction, yielding to the event loop between them: no request waits behind the whole write,
 * neither for the event loop (SQLite's driver is synchronous) nor for SQLite's one connection nor
 * for PostgreSQL's row locks. The reference set and the refit's stamp go last, in one
 * transaction: every process reloads the category when it sees the stamp, so running boards and
 * pairing indexes switch to the new scores only once every row is written.
 *
 * Votes cast since the fit's snapshot keep their effect (issue 18): each chunk of photos is
 * locked, the newer votes on it are read and replayed on the fit's beliefs, and the result is
 * written, in one transaction, so a vote either is replayed or comes after and moves the
 * written row itself.
 */
import {
  isProvisional,
  replayNewerVotes,
  scoreOf,
  type RatingParams,
  type RatingState,
} from '../domain/rating/index.js';
import type { FitStateRow, RefitPhotoRow } from '../repositories/rating.repository.js';
import type { DailyScoreRow } from '../repositories/score-day.repository.js';
import type { Store } from '../repositories/store.js';
import type { RefitJob, RefitOutcome } from './refit-job.js';
import { yieldToEventLoop } from '../lib/event-loop.js';
import { positionOf } from './sorted-ids.js';
import { writePacer } from './chunk-pacer.js';
import { NewerVotes } from './newer-votes.js';
import { fitMarkKey, refitStampKey } from '../repositories/settings.repository.js';
import type { FitMark } from '../domain/rating/fit-mark.js';

export interface RefitWrite {
  categoryId: number;
  job: Pick<RefitJob, 'photoIds' | 'active'>;
  outcome: RefitOutcome;
  voterIds: readonly number[];
  /** The last vote the fit read: later ones are replayed on its result. */
  lastVoteId: number;
  /** How many votes the fit read. */
  votes: number;
  params: RatingParams;
  /** Today in the configured time zone (the score history's day). */
  day: string;
  stamp: string;
  now: number;
  /** Told of each chunk of photo rows right after their statement (the pairing index). */
  onPhotoRows: (rows: readonly { id: number; mu: number; sigma2: number }[]) => void;
}

const nullable = (rank: number) => (rank > 0 ? rank : null);

export async function writeRefitOutcome(
  store: Store<
    'ratings' | 'references' | 'refitIncrements' | 'scoreDays' | 'settings' | 'voters' | 'votes'
  >,
  write: RefitWrite,
): Promise<void> {
  const { job, outcome } = write;
  const count = job.photoIds.length;
  const photoPacer = writePacer(store);
  const newerVotes = new NewerVotes(store, write.categoryId, write.lastVoteId);
  for (let from = 0, to = 0; from < count; from = to) {
    to = Math.min(count, from + photoPacer.rows);
    const rows = await photoPacer.chunk(to - from, (begin) =>
      store.transaction(async (repos) => {
        begin();
        const first = job.photoIds[from] as number;
        const last = job.photoIds[to - 1] as number;
        await repos.ratings.lockPhotoRange(write.categoryId, first, last);
        const newer = await newerVotes.on(repos.votes, first, last);
        const replayed = replayNewerVotes(
          (id) => {
            const at = positionOf(job.photoIds, id);
            if (at < 0) return undefined;
            return { mu: outcome.mu[at] as number, sigma2: outcome.sigma2[at] as number };
          },
          newer.map((vote) => ({
            winner: vote.winner_photo_id,
            loser: vote.loser_photo_id,
            weight: vote.weight,
          })),
          write.params,
        );
        const chunkRows = photoRows(write, from, to, replayed);
        await repos.ratings.applyRefit(chunkRows);
        const { fits, days } = fitRows(write, from, to);
        await repos.ratings.saveFitStates(fits);
        if (days.length > 0) await repos.scoreDays.recordDailyScores(days, write.day);
        return chunkRows;
      }),
    );
    write.onPhotoRows(rows);
    await yieldToEventLoop();
  }
  const voterPacer = writePacer(store);
  for (let from = 0, to = 0; from < write.voterIds.length; from = to) {
    to = Math.min(write.voterIds.length, from + voterPacer.rows);
    const rows = write.voterIds.slice(from, to).map((id, offset) => ({
      id,
      weight: outcome.voterWeight[from + offset] as number,
      reliability: outcome.voterReliability[from + offset] as number,
      trust: outcome.voterTrust[from + offset] as number,
    }));
    await voterPacer.chunk(rows.length, (begin) =>
      store.transaction(async (repos) => {
        begin();
        await repos.voters.setRefitResults(rows);
      }),
    );
    await yieldToEventLoop();
  }
  await store.transaction(async (repos) => {
    await repos.references.setReferences(write.categoryId, outcome.referenceIds);
    // Every process reloads this category's pairing index and running leaderboards.
    await repos.settings.set(refitStampKey(write.categoryId), write.stamp, write.now);
    // The increments before it are in every row, and the stamp reloads every process.
    await repos.refitIncrements.forget(write.categoryId);
    // The incremental refits that follow fit the votes after this one's (ADR 0029).
    const mark: FitMark = {
      through: write.lastVoteId,
      fullAt: write.now,
      fullVotes: write.votes,
      newVotes: 0,
    };
    await repos.settings.set(fitMarkKey(write.categoryId), JSON.stringify(mark), write.now);
  });
}

/** A photo's values in a fit: its belief (μ, σ²), display score and provisional flag. */
export interface FittedPhoto {
  mu: number;
  sigma2: number;
  score: number;
  provisional: number;
}

/**
 * A fitted photo's row, shared by the full and the incremental refit: the fit's values, or for a
 * photo that votes newer than the fit moved, the replayed belief with its score and provisional
 * state against the reference set. The fit's own belief goes to photo_fits, the next increment's
 * prior.
 */
export function refitPhotoRow(
  id: number,
  fit: FittedPhoto,
  replayed: RatingState | undefined,
  referenceMus: readonly number[],
  params: RatingParams,
): RefitPhotoRow {
  return replayed === undefined
    ? {
        id,
        mu: fit.mu,
        sigma2: fit.sigma2,
        current_score: fit.score,
        provisional: fit.provisional,
      }
    : {
        id,
        mu: replayed.mu,
        sigma2: replayed.sigma2,
        current_score: scoreOf(replayed.mu, referenceMus, params),
        provisional: isProvisional(replayed.sigma2, params) ? 1 : 0,
      };
}

/** The rows of photos from..to−1 of a full refit, with the beliefs newer votes moved. */
function photoRows(
  write: RefitWrite,
  from: number,
  to: number,
  replayed: ReadonlyMap<number, RatingState>,
): RefitPhotoRow[] {
  const { job, outcome, params } = write;
  const rows: RefitPhotoRow[] = [];
  for (let index = from; index < to; index++) {
    const id = job.photoIds[index] as number;
    const fit = {
      mu: outcome.mu[index] as number,
      sigma2: outcome.sigma2[index] as number,
      score: outcome.score[index] as number,
      provisional: outcome.provisional[index] as number,
    };
    rows.push(refitPhotoRow(id, fit, replayed.get(id), outcome.referenceMus, params));
  }
  return rows;
}

/**
 * The fit states of photos from..to−1 of a full refit, and today's scores and ranks of the active
 * ones (their history), recorded in the fit states too.
 */
function fitRows(
  write: RefitWrite,
  from: number,
  to: number,
): { fits: FitStateRow[]; days: DailyScoreRow[] } {
  const { job, outcome } = write;
  const fits: FitStateRow[] = [];
  const days: DailyScoreRow[] = [];
  for (let index = from; index < to; index++) {
    const id = job.photoIds[index] as number;
    const active = job.active[index] === 1;
    const score = outcome.score[index] as number;
    fits.push({
      id,
      fit_mu: outcome.mu[index] as number,
      fit_precision: outcome.precision[index] as number,
      fit_evidence: 1 / (outcome.sigma2[index] as number),
      recorded_day: active ? write.day : null,
      recorded_score: active ? score : null,
    });
    if (!active) continue;
    days.push({
      id,
      current_score: score,
      rank_all: nullable(outcome.rankAll[index] as number),
      rank_week: nullable(outcome.rankWeek[index] as number),
      rank_month: nullable(outcome.rankMonth[index] as number),
    });
  }
  return { fits, days };
}
