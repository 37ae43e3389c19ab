/**
 * An incremental refit's fit states and history scores, packed in one row committed with the
 * category's new fit mark, then folded into photo_fits and photo_score_days (ADR 0029, stop 35).
 *
 * Writing 190,000 fit states and 126,000 history scores took 3.0 s (SQLite) and 5.0 s
 * (PostgreSQL) of an increment at 1,000,000 photos, a row at a time; one row of 11 MB takes a few
 * tens of milliseconds. So the increment's results (the moved rows, the list every process reads,
 * the mark) are committed with the fit states in one transaction, and the fit states reach their
 * table after. A crash before the fold ends loses nothing and counts nothing twice: the next
 * refit folds the row again before it reads a fit state, and every write of the fold is
 * idempotent (the same states, the same day's score).
 *
 * The encoding, in the machine's byte order: a uint32 count n, the uint32 byte length of the day
 * strings the entries name, the float64 1 (a reader of another byte order refuses the bytes),
 * those day strings as JSON in UTF-8 padded to 8 bytes, then seven columns of n float64s, one
 * entry per photo in id order. Typed arrays pack 190,000 entries in a few milliseconds; a
 * DataView a value at a time held the event loop for 77 ms at 70,000.
 */
import type { FitStateRow } from '../repositories/rating.repository.js';
import type { Store } from '../repositories/store.js';
import { yieldToEventLoop } from '../lib/event-loop.js';
import { writePacer } from './chunk-pacer.js';

/** An increment's fit states, with the score to record in each photo's history today. */
export interface FitDelta {
  /** The photos' fit states, in id order. */
  states: FitStateRow[];
  /** Per state, today's score to record in the photo's history, or null (none moved). */
  record: (number | null)[];
}

const COLUMNS = 7;
/** Count, the JSON's length, the byte-order mark. */
const HEADER = 16;

const padded = (length: number) => Math.ceil(length / 8) * 8;

/** Packs a delta (states and record of equal length). */
export function encodeFitDelta(delta: FitDelta): Uint8Array {
  const { states, record } = delta;
  const days: string[] = [];
  const dayIndex = new Map<string, number>();
  const n = states.length;
  const columns = Array.from({ length: COLUMNS }, () => new Float64Array(n));
  const [id, mu, precision, evidence, day, score, recordColumn] = columns as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  for (let i = 0; i < n; i++) {
    const state = states[i] as FitStateRow;
    id[i] = state.id;
    mu[i] = state.fit_mu;
    precision[i] = state.fit_precision;
    evidence[i] = state.fit_evidence;
    let index = -1;
    if (state.recorded_day !== null) {
      index = dayIndex.get(state.recorded_day) ?? days.length;
      if (index === days.length) {
        days.push(state.recorded_day);
        dayIndex.set(state.recorded_day, index);
      }
    }
    day[i] = index;
    score[i] = state.recorded_score ?? Number.NaN;
    recordColumn[i] = record[i] ?? Number.NaN;
  }
  const json = new TextEncoder().encode(JSON.stringify(days));
  const base = HEADER + padded(json.length);
  const bytes = new Uint8Array(base + COLUMNS * 8 * n);
  const header = new Uint32Array(bytes.buffer, 0, 2);
  header[0] = n;
  header[1] = json.length;
  new Float64Array(bytes.buffer, 8, 1)[0] = 1;
  bytes.set(json, HEADER);
  columns.forEach((column, c) => {
    bytes.set(new Uint8Array(column.buffer), base + c * 8 * n);
  });
  return bytes;
}

/** Unpacks encodeFitDelta's bytes; throws on bytes it did not make (or made in another order). */
export function decodeFitDelta(bytes: Uint8Array): FitDelta {
  const corrupt = () => new Error('fit delta: not encodeFitDelta bytes of this byte order');
  if (bytes.byteLength < HEADER) throw corrupt();
  // A copy of its own: typed arrays need the columns aligned, a driver's buffer may not be.
  const own = new Uint8Array(bytes);
  const [n = 0, jsonLength = 0] = new Uint32Array(own.buffer, 0, 2);
  if (new Float64Array(own.buffer, 8, 1)[0] !== 1) throw corrupt();
  const base = HEADER + padded(jsonLength);
  if (own.byteLength !== base + COLUMNS * 8 * n) throw corrupt();
  const parsed: unknown = JSON.parse(
    new TextDecoder().decode(own.subarray(HEADER, HEADER + jsonLength)),
  );
  if (!Array.isArray(parsed) || !parsed.every((day) => typeof day === 'string')) throw corrupt();
  const days: readonly string[] = parsed;
  const column = (c: number) => new Float64Array(own.buffer, base + c * 8 * n, n);
  const [id, mu, precision, evidence, day, score, recordColumn] = [0, 1, 2, 3, 4, 5, 6].map(
    column,
  ) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const orNull = (x: number) => (Number.isNaN(x) ? null : x);
  const states = new Array<FitStateRow>(n);
  const record = new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    const dayAt = day[i] as number;
    states[i] = {
      id: id[i] as number,
      fit_mu: mu[i] as number,
      fit_precision: precision[i] as number,
      fit_evidence: evidence[i] as number,
      recorded_day: dayAt < 0 ? null : (days[dayAt] ?? null),
      recorded_score: orNull(score[i] as number),
    };
    record[i] = orNull(recordColumn[i] as number);
  }
  return { states, record };
}

/**
 * Folds a category's pending deltas, oldest first, into photo_fits and the photos' history, a
 * chunk a transaction as the pacer sizes it, and deletes each once folded. Every refit of the
 * category runs it before reading a fit state; an increment runs it after committing its own.
 * Answers the fit states written.
 */
export async function foldFitDeltas(
  store: Store<'ratings' | 'scoreDays'>,
  categoryId: number,
): Promise<number> {
  let folded = 0;
  for (const pending of await store.repos.ratings.pendingFitDeltas(categoryId)) {
    const { states, record } = decodeFitDelta(pending.states);
    const pacer = writePacer(store);
    for (let from = 0, to = 0; from < states.length; from = to) {
      to = Math.min(states.length, from + pacer.rows);
      const chunk = states.slice(from, to);
      const scores: { id: number; current_score: number }[] = [];
      for (let index = from; index < to; index++) {
        const score = record[index];
        if (score !== null && score !== undefined) {
          scores.push({ id: (states[index] as FitStateRow).id, current_score: score });
        }
      }
      await pacer.chunk(chunk.length, () =>
        store.transaction(async (repos) => {
          await repos.ratings.saveFitStates(chunk);
          if (scores.length > 0) await repos.scoreDays.recordDailyScoresOnly(scores, pending.day);
        }),
      );
      await yieldToEventLoop();
    }
    await store.repos.ratings.deleteFitDelta(pending.id);
    folded += states.length;
  }
  return folded;
}
