/**
 * An incremental refit's fit states and history scores, packed in one row committed with the
 * category's new fit mark, then folded into photo_fits and photo_score_days (ADR 0029, stop 35).
 *
 * Writing 190,000 fit states and 126,000 history scores took 3.0 s (SQLite) and 5.0 s
 * (PostgreSQL) of an increment at 1,000,000 photos, a row at a time; one value of 11 MB takes
 * tens of milliseconds (55–90 ms on SQLite here). So the increment's results (the moved rows, the list every process reads,
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

/**
 * An increment's fit states, a column per field aligned by photo, with the score to record in
 * each photo's history today. NaN stands for null in the number columns.
 */
export interface FitDelta {
  /** The photos, ascending. */
  ids: Float64Array;
  mu: Float64Array;
  precision: Float64Array;
  evidence: Float64Array;
  /** The day and score a refit last recorded in the photo's history (after this one's). */
  recordedDay: readonly (string | null)[];
  recordedScore: Float64Array;
  /** Today's score to record in the photo's history (NaN: none moved). */
  record: Float64Array;
}

const COLUMNS = 7;
/** Count, the JSON's length, the byte-order mark. */
const HEADER = 16;

const padded = (length: number) => Math.ceil(length / 8) * 8;

/** Packs a delta (every column as long as `ids`). */
export function encodeFitDelta(delta: FitDelta): Uint8Array {
  const n = delta.ids.length;
  const days: string[] = [];
  const dayIndex = new Map<string, number>();
  const day = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const recorded = delta.recordedDay[i] ?? null;
    let index = -1;
    if (recorded !== null) {
      index = dayIndex.get(recorded) ?? days.length;
      if (index === days.length) {
        days.push(recorded);
        dayIndex.set(recorded, index);
      }
    }
    day[i] = index;
  }
  const columns = [
    delta.ids,
    delta.mu,
    delta.precision,
    delta.evidence,
    day,
    delta.recordedScore,
    delta.record,
  ];
  const json = new TextEncoder().encode(JSON.stringify(days));
  const base = HEADER + padded(json.length);
  const bytes = new Uint8Array(base + COLUMNS * 8 * n);
  const header = new Uint32Array(bytes.buffer, 0, 2);
  header[0] = n;
  header[1] = json.length;
  new Float64Array(bytes.buffer, 8, 1)[0] = 1;
  bytes.set(json, HEADER);
  columns.forEach((column, c) => {
    if (column.length !== n) throw new Error('fit delta: columns of unequal length');
    bytes.set(new Uint8Array(column.buffer, column.byteOffset, 8 * n), base + c * 8 * n);
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
  const day = column(4);
  return {
    ids: column(0),
    mu: column(1),
    precision: column(2),
    evidence: column(3),
    recordedDay: Array.from(day, (at) => (at < 0 ? null : (days[at] ?? null))),
    recordedScore: column(5),
    record: column(6),
  };
}

const orNull = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? null : x);

/** Photo `i`'s fit state as photo_fits holds it. */
export function fitStateAt(delta: FitDelta, i: number): FitStateRow {
  return {
    id: delta.ids[i] as number,
    fit_mu: delta.mu[i] as number,
    fit_precision: delta.precision[i] as number,
    fit_evidence: delta.evidence[i] as number,
    recorded_day: delta.recordedDay[i] ?? null,
    recorded_score: orNull(delta.recordedScore[i]),
  };
}

/** A delta committed and not folded yet: its row, the day of its scores, its columns. */
export interface PendingFitDelta {
  id: number;
  day: string;
  delta: FitDelta;
}

/**
 * Folds a category's pending deltas, oldest first (after a crash: one, rarely more). Every refit
 * of the category runs it before it reads a fit state. Answers the fit states written.
 */
export async function foldFitDeltas(
  store: Store<'ratings' | 'scoreDays'>,
  categoryId: number,
): Promise<number> {
  let folded = 0;
  for (const row of await store.repos.ratings.pendingFitDeltas(categoryId)) {
    folded += await foldFitDelta(store, {
      id: row.id,
      day: row.day,
      delta: decodeFitDelta(row.states),
    });
  }
  return folded;
}

/**
 * Writes a delta's fit states into photo_fits and its scores into the photos' history, a chunk a
 * transaction as the pacer sizes it, then deletes its row. The increment that committed it folds
 * it from memory; reading it back (11 MB at 1M photos) is for a refit after a crash.
 */
export async function foldFitDelta(
  store: Store<'ratings' | 'scoreDays'>,
  pending: PendingFitDelta,
): Promise<number> {
  const { delta, day } = pending;
  const count = delta.ids.length;
  const pacer = writePacer(store);
  for (let from = 0, to = 0; from < count; from = to) {
    to = Math.min(count, from + pacer.rows);
    const chunk: FitStateRow[] = [];
    const scores: { id: number; current_score: number }[] = [];
    for (let index = from; index < to; index++) {
      chunk.push(fitStateAt(delta, index));
      const score = orNull(delta.record[index]);
      if (score !== null) scores.push({ id: delta.ids[index] as number, current_score: score });
    }
    await pacer.chunk(chunk.length, (begin) =>
      store.transaction(async (repos) => {
        begin();
        await repos.ratings.saveFitStates(chunk);
        if (scores.length > 0) await repos.scoreDays.recordDailyScoresOnly(scores, day);
      }),
    );
    await yieldToEventLoop();
  }
  await store.repos.ratings.deleteFitDelta(pending.id);
  return count;
}
