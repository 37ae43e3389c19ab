/**
 * The CPU part of a category's incremental refit (ADR 0029), a pure function over typed arrays
 * like the full refit's (refit-job.ts), run on the same worker thread: the new votes fitted on
 * the beliefs the last fit left to the photos they name, then those photos' display scores and
 * provisional state against the category's reference set.
 */
import {
  isProvisional,
  refitIncrement,
  scoreOf,
  type RatingParams,
} from '../domain/rating/index.js';
import { positionOf } from './sorted-ids.js';

export interface IncrementJob {
  /** The photos the new votes name, in ascending id order. */
  photoIds: Float64Array;
  /** Per photo: the last fit's μ, Laplace precision and evidence precision (the prior's if none). */
  mu: Float64Array;
  precision: Float64Array;
  evidence: Float64Array;
  /** The new votes, oldest first: positions in `photoIds` (−1: a photo no longer stored). */
  winner: Int32Array;
  loser: Int32Array;
  /** Per vote, its online weight as stored, and its voter's position in `voterTrust`. */
  weight: Float64Array;
  voter: Int32Array;
  /** Per voter, the trust the last full refit stored (NaN: none yet). */
  voterTrust: Float64Array;
  /** The reference set, ascending, and each one's fitted μ before this increment. */
  referenceIds: Float64Array;
  referenceMus: Float64Array;
  params: RatingParams;
}

export interface IncrementOutcome {
  /** Per photo, aligned with the job's `photoIds`. */
  mu: Float64Array;
  precision: Float64Array;
  evidence: Float64Array;
  score: Int32Array;
  provisional: Uint8Array;
  /** The reference set's μ after the increment (a member the votes named moved). */
  referenceMus: number[];
  converged: boolean;
}

export function incrementJobBuffers(job: Omit<IncrementJob, 'params'>): ArrayBuffer[] {
  const arrays = [
    job.mu,
    job.precision,
    job.evidence,
    job.winner,
    job.loser,
    job.weight,
    job.voter,
    job.voterTrust,
    job.referenceIds,
    job.referenceMus,
  ];
  // `photoIds` is copied: the sender writes the outcome with it. An empty buffer is left to be
  // copied: a detached one (a job sent twice) then fails to clone, where Node would drop a
  // message whose transfer list holds it without a word.
  const buffers = arrays.map((array) => array.buffer as ArrayBuffer);
  return [...new Set(buffers.filter((buffer) => buffer.byteLength > 0))];
}

export function incrementOutcomeBuffers(outcome: IncrementOutcome): ArrayBuffer[] {
  return [outcome.mu, outcome.precision, outcome.evidence, outcome.score, outcome.provisional].map(
    (array) => array.buffer as ArrayBuffer,
  );
}

export function computeIncrement(job: IncrementJob): IncrementOutcome {
  const { params, photoIds } = job;
  const n = photoIds.length;
  // Votes naming a photo no longer stored anchor nothing here (the full refit skips them too).
  const usable: number[] = [];
  for (let e = 0; e < job.winner.length; e++) {
    const a = job.winner[e] as number;
    const b = job.loser[e] as number;
    if (a >= 0 && b >= 0 && a < n && b < n && a !== b) usable.push(e);
  }
  const pick = <T extends Int32Array | Float64Array>(column: T, make: (n: number) => T): T => {
    const picked = make(usable.length);
    usable.forEach((e, k) => (picked[k] = column[e] as number));
    return picked;
  };
  const result = refitIncrement({
    mu: job.mu,
    precision: job.precision,
    evidence: job.evidence,
    winner: pick(job.winner, (length) => new Int32Array(length)),
    loser: pick(job.loser, (length) => new Int32Array(length)),
    weight: pick(job.weight, (length) => new Float64Array(length)),
    voter: pick(job.voter, (length) => new Int32Array(length)),
    voterTrust: job.voterTrust,
    params,
  });
  const referenceMus = Array.from(job.referenceIds, (id, k) => {
    const at = positionOf(photoIds, id);
    return at < 0 ? (job.referenceMus[k] as number) : (result.mu[at] as number);
  });
  const score = new Int32Array(n);
  const provisional = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    score[i] = scoreOf(result.mu[i] as number, referenceMus, params);
    provisional[i] = isProvisional(1 / (result.evidence[i] as number), params) ? 1 : 0;
  }
  return {
    mu: result.mu,
    precision: result.precision,
    evidence: result.evidence,
    score,
    provisional,
    referenceMus,
    converged: result.converged,
  };
}
