/**
 * Reads what a category's incremental refit needs and writes what it found (ADR 0029): the votes
 * since the last fit, the fit state of the photos they name and the trust of their voters, read
 * a chunk at a time with yields as the full refit reads (refit-input.ts); then those photos'
 * rows, locked a chunk at a time with the votes cast meanwhile replayed on them, as the full
 * refit writes (refit-output.ts). Nothing else is read or written: the cost follows the new
 * votes and the photos they name, not the history.
 */
import { dayKey } from '../domain/day.js';
import { replayNewerVotes, type RatingParams, type RatingState } from '../domain/rating/index.js';
import type { FitStateRow, RefitPhotoRow } from '../repositories/rating.repository.js';
import type { Repositories } from '../repositories/index.js';
import { fitMarkKey } from '../repositories/settings.repository.js';
import type { FitMark } from '../domain/rating/fit-mark.js';
import type { Store } from '../repositories/store.js';
import type { IncrementJob, IncrementOutcome } from './increment-job.js';
import { positionOf } from './sorted-ids.js';
import { yieldToEventLoop } from '../lib/event-loop.js';
import { Column, float64, int32, READ_CHUNK } from './refit-input.js';
import { refitPhotoRow } from './refit-output.js';
import { writePacer } from './chunk-pacer.js';
import { NewerVotes } from './newer-votes.js';

/**
 * Ids per look-up by id: on SQLite a look-up of 5,000 scattered photos held the event loop about
 * 33 ms, one of 1,000 about 7.
 */
const IDS_PER_READ = 1000;
/** Votes whose photos are looked up between two turns of the event loop (a few ms). */
const POSITIONS_PER_TURN = 50_000;

export interface IncrementInput {
  job: Omit<IncrementJob, 'params'>;
  /** Per photo of the job, 1 when it is active (on the boards, in the score history). */
  active: Uint8Array;
  /** The last vote read: the next increment starts after it. */
  lastVoteId: number;
  votes: number;
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
  let lastVoteId = through;
  for (;;) {
    const rows = await repos.votes.votesOfCategoryAfter(categoryId, lastVoteId, READ_CHUNK);
    for (const row of rows) {
      winners.push(row.winner_photo_id);
      losers.push(row.loser_photo_id);
      voterOf.push(row.voter_id);
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

  const named = new Set<number>();
  for (let e = 0; e < winner.length; e++) {
    named.add(winner[e] as number);
    named.add(loser[e] as number);
  }
  // Read in id order, a chunk of ascending ids at a time: the rows arrive sorted, and sorting
  // 190,000 row objects afterwards held the event loop for 200 ms (bench:refit at 1M photos).
  const ids = Float64Array.from(named).sort();
  named.clear();
  const states: FitStateRow[] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_READ) {
    const chunk = Array.from(ids.subarray(from, from + IDS_PER_READ));
    for (const row of await repos.ratings.fitStates(categoryId, chunk)) states.push(row);
    await yieldToEventLoop();
  }
  const photoIds = Float64Array.from(states, (row) => row.id);
  const priorPrecision = 1 / params.priorVariance;
  const mu = Float64Array.from(states, (row) => row.fit_mu ?? params.priorMean);
  const precision = Float64Array.from(states, (row) => row.fit_precision ?? priorPrecision);
  const evidence = Float64Array.from(states, (row) => row.fit_evidence ?? priorPrecision);
  for (let e = 0; e < winner.length; e++) {
    winner[e] = positionOf(photoIds, winner[e] as number);
    loser[e] = positionOf(photoIds, loser[e] as number);
    if (e % POSITIONS_PER_TURN === POSITIONS_PER_TURN - 1) await yieldToEventLoop();
  }
  await yieldToEventLoop();

  // Voter ids to dense positions, in order of each voter's first new vote.
  const voterIndex = new Map<number, number>();
  for (let e = 0; e < voter.length; e++) {
    const id = voter[e] as number;
    let index = voterIndex.get(id);
    if (index === undefined) {
      index = voterIndex.size;
      voterIndex.set(id, index);
    }
    voter[e] = index;
  }
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
    (await repos.ratings.fitStates(categoryId, [...referenceIds])).map((row) => [
      row.id,
      row.fit_mu ?? params.priorMean,
    ]),
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
    active: Uint8Array.from(states, (row) => (row.state === 'active' ? 1 : 0)),
    lastVoteId,
    votes: winner.length,
  };
}

export interface IncrementWrite {
  categoryId: number;
  /** The category's mark before this increment. */
  mark: FitMark;
  /** How many votes the increment fitted. */
  votes: number;
  photoIds: Float64Array;
  active: Uint8Array;
  outcome: IncrementOutcome;
  lastVoteId: number;
  params: RatingParams;
  timeZone: string;
  now: number;
}

/**
 * Writes the photos the increment moved, a chunk a transaction, each locked with the votes cast
 * since the increment's read replayed on its result; then today's scores of the active ones;
 * then, in one transaction, the new mark of the votes fitted and the list of the photos written,
 * which every process's boards and pairing index read again (RefitIncrementRepository). Their
 * `updated_at` stays: moving it rewrote each photo's entry of the index by time, at a random
 * place, and those pages were most of what an increment wrote at 1,000,000 photos.
 */
export async function writeIncrementOutcome(
  store: Store<'ratings' | 'refitIncrements' | 'scoreDays' | 'settings' | 'votes'>,
  write: IncrementWrite,
): Promise<void> {
  const { photoIds, outcome, params } = write;
  const count = photoIds.length;
  const photoPacer = writePacer(store);
  const newerVotes = new NewerVotes(store, write.categoryId, write.lastVoteId);
  const scored: { id: number; current_score: number }[] = [];
  for (let from = 0, to = 0; from < count; from = to) {
    to = Math.min(count, from + photoPacer.rows);
    const rows = await photoPacer.chunk(to - from, () =>
      store.transaction(async (repos) => {
        const first = photoIds[from] as number;
        const last = photoIds[to - 1] as number;
        await repos.ratings.lockPhotoIds(Array.from(photoIds.subarray(from, to)));
        const newer = await newerVotes.on(repos.votes, first, last);
        // A newer vote's other photo may be one the increment did not name: it plays with its
        // fitted belief (its votes since are newer too), or the prior if no fit saw it.
        const others = new Set<number>();
        for (const vote of newer) {
          for (const id of [vote.winner_photo_id, vote.loser_photo_id]) {
            if (positionOf(photoIds, id) < 0) others.add(id);
          }
        }
        const current = new Map<number, RatingState>();
        for (const row of await repos.ratings.fitStates(write.categoryId, [...others])) {
          if (row.fit_mu === null || row.fit_evidence === null) continue;
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
        const chunkRows: RefitPhotoRow[] = [];
        for (let index = from; index < to; index++) {
          const id = photoIds[index] as number;
          const fit = {
            mu: outcome.mu[index] as number,
            sigma2: 1 / (outcome.evidence[index] as number),
            evidence: outcome.evidence[index] as number,
            precision: outcome.precision[index] as number,
            score: outcome.score[index] as number,
            provisional: outcome.provisional[index] as number,
          };
          chunkRows.push(refitPhotoRow(id, fit, replayed.get(id), outcome.referenceMus, params));
        }
        await repos.ratings.applyRefit(chunkRows);
        return chunkRows;
      }),
    );
    for (const [offset, row] of rows.entries()) {
      if (write.active[from + offset] === 1) scored.push(row);
    }
    await yieldToEventLoop();
  }
  const day = dayKey(write.now, write.timeZone);
  const dayPacer = writePacer(store);
  for (let from = 0, to = 0; from < scored.length; from = to) {
    to = Math.min(scored.length, from + dayPacer.rows);
    const rows = scored.slice(from, to);
    await dayPacer.chunk(rows.length, () => store.repos.scoreDays.recordDailyScoresOnly(rows, day));
    await yieldToEventLoop();
  }
  const mark: FitMark = {
    ...write.mark,
    through: write.lastVoteId,
    newVotes: write.mark.newVotes + write.votes,
  };
  await store.transaction(async (repos) => {
    // Every process's pairing index and boards read the photos again once they see this row.
    await repos.refitIncrements.record(write.categoryId, Array.from(photoIds), write.now);
    await repos.settings.set(fitMarkKey(write.categoryId), JSON.stringify(mark), write.now);
  });
}
