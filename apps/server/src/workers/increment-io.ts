/**
 * Reads what a category's incremental refit needs and writes what it found (ADR 0029): the votes
 * since the last fit, the fit state of the photos they name (photo_fits) and the trust of their
 * voters, read a chunk at a time with yields as the full refit reads (refit-input.ts); then the
 * rows of the photos whose shown values the fit moved (shownMoved), locked a chunk at a time with
 * the votes cast meanwhile replayed on them, as the full refit writes (refit-output.ts), and the
 * fit states of all of them, packed with the new mark (fit-delta.ts). Nothing else is read or
 * written: the cost follows the new votes and the photos they name, not the history.
 */
import { formatScore } from '@yanzhi/contract';
import { dayKey } from '../domain/day.js';
import {
  isProvisional,
  replayNewerVotes,
  scoreOf,
  shownMoved,
  type RatingParams,
  type RatingState,
} from '../domain/rating/index.js';
import type { FitStateRow, RefitPhotoRow } from '../repositories/rating.repository.js';
import type { Repositories } from '../repositories/index.js';
import { fitMarkKey } from '../repositories/settings.repository.js';
import type { FitMark } from '../domain/rating/fit-mark.js';
import type { Store } from '../repositories/store.js';
import { incrementJobBuffers, type IncrementJob, type IncrementOutcome } from './increment-job.js';
import { positionOf } from './sorted-ids.js';
import { TurnBudget, yieldToEventLoop } from '../lib/event-loop.js';
import { Column, float64, int32, READ_CHUNK } from './refit-input.js';
import { refitPhotoRow, type FittedPhoto } from './refit-output.js';
import { writePacer } from './chunk-pacer.js';
import { NewerVotes } from './newer-votes.js';
import { encodeFitDelta, type FitDelta, type PendingFitDelta } from './fit-delta.js';

/**
 * Ids per look-up by id: on SQLite a look-up of 5,000 scattered photos held the event loop about
 * 33 ms, one of 1,000 about 7.
 */
const IDS_PER_READ = 1000;
/** What one turn of merging states or turning photo ids into positions may hold the loop, in ms. */
const POSITIONS_TURN_MS = 8;
/**
 * What one turn of comparing photos with what they show (scores against the reference set) may
 * hold the event loop, in ms: a count of 5,000 photos a turn held it for 60–80 ms (bench:refit).
 */
const DECISION_TURN_MS = 8;

export interface IncrementInput {
  job: Omit<IncrementJob, 'params'>;
  /** Per photo of the job, the day and score a refit last recorded in its history (or null). */
  recordedDay: (string | null)[];
  /** NaN: none recorded. */
  recordedScore: Float64Array;
  /** The last vote read: the next increment starts after it. */
  lastVoteId: number;
  votes: number;
}

/** The arrays of an input, to hand to another thread rather than copy. */
export function incrementInputBuffers(input: IncrementInput): ArrayBuffer[] {
  const buffers = [input.job.photoIds.buffer, input.recordedScore.buffer] as ArrayBuffer[];
  const all = [...buffers, ...incrementJobBuffers(input.job)];
  return [...new Set(all.filter((buffer) => buffer.byteLength > 0))];
}

/**
 * The votes of a category after `through` and what fitting them needs; null when there are none
 * (an incremental refit with no new vote changes nothing, issue 18).
 */
export async function readIncrementInput(
  repos: Pick<Repositories, 'ratings' | 'references' | 'votes' | 'voters'>,
  categoryId: number,
  through: number,
  params: RatingParams,
): Promise<IncrementInput | null> {
  const winners = new Column(int32(1024), int32);
  const losers = new Column(int32(1024), int32);
  const voterOf = new Column(int32(1024), int32);
  const weights = new Column(float64(1024), float64);
  // The photos the votes name, and their voters' dense positions in order of each voter's first
  // new vote, gathered chunk by chunk as the votes arrive: one pass over 100,000 votes after the
  // read held the event loop for longer than a chunk's read does.
  const named = new Set<number>();
  const voterIndex = new Map<number, number>();
  let lastVoteId = through;
  for (;;) {
    const rows = await repos.votes.votesOfCategoryAfter(categoryId, lastVoteId, READ_CHUNK);
    for (const row of rows) {
      winners.push(row.winner_photo_id);
      losers.push(row.loser_photo_id);
      named.add(row.winner_photo_id);
      named.add(row.loser_photo_id);
      let index = voterIndex.get(row.voter_id);
      if (index === undefined) {
        index = voterIndex.size;
        voterIndex.set(row.voter_id, index);
      }
      voterOf.push(index);
      weights.push(Math.min(1, Math.max(0, row.weight)));
    }
    await yieldToEventLoop();
    const last = rows.at(-1);
    if (last !== undefined) lastVoteId = last.id;
    if (last === undefined || rows.length < READ_CHUNK) break;
  }
  const winner = winners.take();
  const loser = losers.take();
  const voter = voterOf.take();
  if (winner.length === 0) return null;

  // Read in id order, a chunk of ascending ids at a time: the rows arrive sorted, and sorting
  // 190,000 row objects afterwards held the event loop for 200 ms (bench:refit at 1M photos).
  const ids = Float64Array.from(named).sort();
  named.clear();
  const states: FitStateRow[] = [];
  const unfitted: number[] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_READ) {
    const chunk = Array.from(ids.subarray(from, from + IDS_PER_READ));
    const rows = await repos.ratings.fitStates(chunk);
    for (const row of rows) states.push(row);
    if (rows.length < chunk.length) {
      const fitted = new Set(rows.map((row) => row.id));
      for (const id of chunk) if (!fitted.has(id)) unfitted.push(id);
    }
    await yieldToEventLoop();
  }
  // A photo no fit has seen starts from the prior; one no longer stored anchors nothing (the
  // full refit skips its votes too). Few: photos uploaded since the last fit. Merged into the
  // fitted ones in id order (both lists ascend), a turn of the event loop at a time: sorting the
  // 190,000 states and copying them into columns in one stretch held it for 200 ms at 1M photos.
  const fresh = await repos.ratings.storedIds(categoryId, unfitted);
  const count = states.length + fresh.length;
  const photoIds = new Float64Array(count);
  const mu = new Float64Array(count);
  const precision = new Float64Array(count);
  const evidence = new Float64Array(count);
  const recordedDay = new Array<string | null>(count);
  const recordedScore = new Float64Array(count);
  const turn = new TurnBudget(POSITIONS_TURN_MS);
  for (let at = 0, next = 0, u = 0; at < count; at++) {
    const state = states[next];
    const newId = fresh[u];
    if (newId !== undefined && (state === undefined || newId < state.id)) {
      photoIds[at] = newId;
      mu[at] = params.priorMean;
      precision[at] = 1 / params.priorVariance;
      evidence[at] = 1 / params.priorVariance;
      recordedDay[at] = null;
      recordedScore[at] = Number.NaN;
      u++;
    } else if (state !== undefined) {
      photoIds[at] = state.id;
      mu[at] = state.fit_mu;
      precision[at] = state.fit_precision;
      evidence[at] = state.fit_evidence;
      recordedDay[at] = state.recorded_day;
      recordedScore[at] = state.recorded_score ?? Number.NaN;
      next++;
    }
    // A clock read per 256 photos: a step of the merge costs a few nanoseconds.
    if (turn.dueAt(at)) await turn.next();
  }
  states.length = 0;
  await turn.next();
  for (let e = 0; e < winner.length; e++) {
    winner[e] = positionOf(photoIds, winner[e] as number);
    loser[e] = positionOf(photoIds, loser[e] as number);
    if (turn.due()) await turn.next();
  }
  await yieldToEventLoop();

  const voterTrust = new Float64Array(voterIndex.size).fill(Number.NaN);
  const voterIds = [...voterIndex.keys()];
  for (let from = 0; from < voterIds.length; from += IDS_PER_READ) {
    for (const row of await repos.voters.trusts(voterIds.slice(from, from + IDS_PER_READ))) {
      const index = voterIndex.get(row.id);
      if (index !== undefined && row.trust !== null) voterTrust[index] = row.trust;
    }
    await yieldToEventLoop();
  }

  const referenceIds = Float64Array.from(
    (await repos.references.references(categoryId)).sort((a, b) => a - b),
  );
  const fitted = new Map(
    (await repos.ratings.fitStates([...referenceIds])).map((row) => [row.id, row.fit_mu]),
  );
  const referenceMus = Float64Array.from(referenceIds, (id) => fitted.get(id) ?? params.priorMean);
  return {
    job: {
      photoIds,
      mu,
      precision,
      evidence,
      winner,
      loser,
      weight: Float64Array.from(weights.take()),
      voter,
      voterTrust,
      referenceIds,
      referenceMus,
    },
    recordedDay,
    recordedScore,
    lastVoteId,
    votes: winner.length,
  };
}

/** What this process shows of a category's photos (its pairing index), for shownMoved. */
export interface ShownPhotos {
  /** An active photo's belief as its row has it now; undefined: not active, or not known here. */
  belief(id: number): RatingState | undefined;
  /** The reference set's μ the shown scores were taken against. */
  referenceMus: readonly number[];
}

export interface IncrementWrite {
  categoryId: number;
  /** The category's mark before this increment. */
  mark: FitMark;
  /** How many votes the increment fitted. */
  votes: number;
  photoIds: Float64Array;
  recordedDay: readonly (string | null)[];
  /** NaN: none recorded. */
  recordedScore: Float64Array;
  shown: ShownPhotos;
  outcome: IncrementOutcome;
  lastVoteId: number;
  params: RatingParams;
  timeZone: string;
  now: number;
  /** Closes a phase of the write (the refit's phase timer). */
  lap?: (name: string) => void;
}

/**
 * Writes what the increment found:
 *
 * 1. the rows of the photos whose shown values the fit moved (shownMoved against this process's
 *    index; every photo not active there), a chunk a transaction, each chunk locked with the
 *    votes cast since the increment's read replayed on the fit's result;
 * 2. in one transaction, the new mark of the votes fitted, the list of the photos whose rows
 *    were written, which every process's boards and pairing index read again
 *    (RefitIncrementRepository), and every fitted photo's fit state with today's score for its
 *    history where the score as displayed moved since the last one recorded (or none is recorded
 *    today), packed in one row (fit-delta.ts) that the caller then folds into their tables
 *    (foldFitDelta, from memory).
 *    The rows' `updated_at` stays: moving it rewrote each photo's entry of the index by time, at
 *    a random place.
 *
 * A photo left as it was shows its online belief, within shownMoved's steps of the fit's. Answers
 * how many rows of photos were written, how many scores are to be recorded in their history, and
 * the committed delta to fold.
 */
export async function writeIncrementOutcome(
  store: Store<'ratings' | 'refitIncrements' | 'settings' | 'votes'>,
  write: IncrementWrite,
): Promise<{ written: number; recorded: number; pending: PendingFitDelta }> {
  const { photoIds, outcome, params, shown } = write;
  const count = photoIds.length;

  const rewrite: number[] = [];
  // 1: the photo is active here (its history is kept).
  const active = new Uint8Array(count);
  const decideTurn = new TurnBudget(DECISION_TURN_MS);
  for (let index = 0; index < count; index++) {
    const now = shown.belief(photoIds[index] as number);
    if (now !== undefined) active[index] = 1;
    const sigma2 = 1 / (outcome.evidence[index] as number);
    if (
      now === undefined ||
      shownMoved(
        {
          mu: now.mu,
          sigma2: now.sigma2,
          score: scoreOf(now.mu, shown.referenceMus, params),
          provisional: isProvisional(now.sigma2, params),
        },
        {
          mu: outcome.mu[index] as number,
          sigma2,
          score: outcome.score[index] as number,
          provisional: outcome.provisional[index] === 1,
        },
      )
    ) {
      rewrite.push(index);
    }
    if (decideTurn.due()) await decideTurn.next();
  }
  write.lap?.('decide');

  const written = new Map<number, RefitPhotoRow>();
  const photoPacer = writePacer(store);
  const newerVotes = new NewerVotes(store, write.categoryId, write.lastVoteId);
  for (let from = 0, to = 0; from < rewrite.length; from = to) {
    to = Math.min(rewrite.length, from + photoPacer.rows);
    const positions = rewrite.slice(from, to);
    const ids = positions.map((index) => photoIds[index] as number);
    const rows = await photoPacer.chunk(ids.length, (begin) =>
      store.transaction(async (repos) => {
        begin();
        await repos.ratings.lockPhotoIds(ids);
        const newer = await newerVotes.on(repos.votes, ids[0] as number, ids.at(-1) as number);
        // A newer vote's other photo may be one the increment did not name: it plays with its
        // fitted belief (its votes since are newer too), or the prior if no fit saw it.
        const others = new Set<number>();
        for (const vote of newer) {
          for (const id of [vote.winner_photo_id, vote.loser_photo_id]) {
            if (positionOf(photoIds, id) < 0) others.add(id);
          }
        }
        const current = new Map<number, RatingState>();
        for (const row of await repos.ratings.fitStates([...others])) {
          current.set(row.id, { mu: row.fit_mu, sigma2: 1 / row.fit_evidence });
        }
        const replayed = replayNewerVotes(
          (id) => {
            const at = positionOf(photoIds, id);
            if (at < 0) return current.get(id);
            return { mu: outcome.mu[at] as number, sigma2: 1 / (outcome.evidence[at] as number) };
          },
          newer.map((vote) => ({
            winner: vote.winner_photo_id,
            loser: vote.loser_photo_id,
            weight: vote.weight,
          })),
          params,
        );
        const chunkRows = positions.map((index) =>
          refitPhotoRow(
            photoIds[index] as number,
            fittedPhoto(outcome, index),
            replayed.get(photoIds[index] as number),
            outcome.referenceMus,
            params,
          ),
        );
        await repos.ratings.applyRefit(chunkRows);
        return chunkRows;
      }),
    );
    for (const row of rows) written.set(row.id, row);
    await yieldToEventLoop();
  }

  write.lap?.('rows');

  // Every fitted photo's fit state, and where an active photo's score as displayed moved since
  // the one last recorded in its history (or none is today, or its row was just written), today's
  // score: packed, committed with the mark, folded into their tables after (fit-delta.ts).
  const day = dayKey(write.now, write.timeZone);
  const recordedDay = [...write.recordedDay];
  const recordedScore = write.recordedScore.slice();
  const record = new Float64Array(count).fill(Number.NaN);
  let recorded = 0;
  const recordTurn = new TurnBudget(DECISION_TURN_MS);
  for (let index = 0; index < count; index++) {
    if (recordTurn.due()) await recordTurn.next();
    // Only an active photo (on the boards, in this process's index) has a score history.
    if (active[index] !== 1) continue;
    const row = written.get(photoIds[index] as number);
    const score = row?.current_score ?? outcome.score[index] ?? 0;
    const last = recordedScore[index] as number;
    // The history shows a day's score as displayed (one decimal).
    if (
      row !== undefined ||
      recordedDay[index] !== day ||
      Number.isNaN(last) ||
      formatScore(last) !== formatScore(score)
    ) {
      record[index] = score;
      recordedDay[index] = day;
      recordedScore[index] = score;
      recorded++;
    }
  }
  const delta: FitDelta = {
    ids: photoIds,
    mu: outcome.mu,
    precision: outcome.precision,
    evidence: outcome.evidence,
    recordedDay,
    recordedScore,
    record,
  };
  const packed = encodeFitDelta(delta);
  write.lap?.('pack');

  const mark: FitMark = {
    ...write.mark,
    through: write.lastVoteId,
    newVotes: write.mark.newVotes + write.votes,
  };
  const deltaId = await store.transaction(async (repos) => {
    // Every process's pairing index and boards read the photos again once they see this row.
    await repos.refitIncrements.record(
      write.categoryId,
      [...written.keys()].sort((a, b) => a - b),
      write.now,
    );
    await repos.settings.set(fitMarkKey(write.categoryId), JSON.stringify(mark), write.now);
    return repos.ratings.saveFitDelta(write.categoryId, day, packed, write.now);
  });
  return { written: written.size, recorded, pending: { id: deltaId, day, delta } };
}

/** Photo `index`'s values in the increment's outcome. */
function fittedPhoto(outcome: IncrementOutcome, index: number): FittedPhoto {
  return {
    mu: outcome.mu[index] as number,
    sigma2: 1 / (outcome.evidence[index] as number),
    score: outcome.score[index] as number,
    provisional: outcome.provisional[index] as number,
  };
}
