/**
 * Reads what a category's refit needs into the typed arrays of a RefitJob (ADR 0017): photos and
 * votes in chunks by id, straight into columns (a few bytes a photo or vote, no row objects kept),
 * yielding to the event loop after every chunk. SQLite answers synchronously, so without the
 * yields a read of millions of rows would be one unbroken stretch of the event loop.
 */
import { TurnBudget, yieldToEventLoop } from '../lib/event-loop.js';
import type { GoldTally } from '../domain/rating/index.js';
import type { Repositories } from '../repositories/index.js';
import type { RefitJob } from './refit-job.js';
import { positionOf } from './sorted-ids.js';

/**
 * Rows read per query. On SQLite a chunk holds the event loop for as long as it takes (about
 * 10 ms here), and the load gauge (plugins/overload.ts) sheds requests once the loop is late by
 * 100 ms on average, so chunks stay short.
 */
export const READ_CHUNK = 5000;
/** The most votes the columns are sized for up front (more grow them). */
const PRESIZE_LIMIT = 1 << 26;
/**
 * What one turn of turning photo ids into positions may hold the event loop, in ms: a lookup in
 * the table of dense ids costs a few nanoseconds and a binary search of sparse ones ten times
 * that, so no one count of votes a turn suits both.
 */
const POSITIONS_TURN_MS = 8;
/** Voters whose gold tallies are read per query. */
const VOTER_CHUNK = 5000;

type TypedArray = Int32Array | Float32Array | Float64Array | Uint8Array;

/** A growable typed column (doubling); `take` answers the filled part. */
export class Column<T extends TypedArray> {
  private length = 0;
  constructor(
    private data: T,
    private readonly make: (length: number) => T,
  ) {}
  push(value: number): void {
    if (this.length >= this.data.length) {
      const bigger = this.make(Math.max(1024, this.data.length * 2));
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  /**
   * The filled part, as a view: not copied into an array of its own size, because the unused
   * tail of a large buffer was never written and takes no memory (its pages are not resident),
   * while a copy would hold both until the next collection.
   */
  take(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

export const int32 = (n: number) => new Int32Array(n);
const float32 = (n: number) => new Float32Array(n);
export const float64 = (n: number) => new Float64Array(n);
const uint8 = (n: number) => new Uint8Array(n);

/**
 * Position of a photo id among the category's ids (ascending): a table indexed by id when the
 * ids are dense enough (the usual case, 4 bytes per id in the range), else a binary search.
 */
function photoPositions(ids: Float64Array): (id: number) => number {
  const first = ids[0] ?? 0;
  const span = (ids.at(-1) ?? 0) - first + 1;
  if (ids.length > 0 && span <= 8 * ids.length + 1024) {
    const table = new Int32Array(span).fill(-1);
    ids.forEach((id, index) => (table[id - first] = index));
    return (id) => (id >= first && id - first < span ? (table[id - first] as number) : -1);
  }
  return (id) => positionOf(ids, id);
}

export interface RefitInput {
  job: Omit<RefitJob, 'params' | 'now' | 'timeZone'>;
  /** The voters' ids, aligned with the job's voter positions. */
  voterIds: number[];
  /**
   * The id of the last vote read (0: none): the fit's snapshot. Votes after it are not in the
   * fit, and their online updates are replayed on its result when it is written (issue 18).
   */
  lastVoteId: number;
}

/** A category's votes as read, photos still by id (mapped to positions once the photos are read). */
interface VoteColumns {
  winner: Int32Array;
  loser: Int32Array;
  voter: Int32Array;
  weight: Float32Array;
  net: Int32Array;
  voterIds: number[];
  voterIndex: Map<number, number>;
  lastVoteId: number;
}

async function readVotes(votes: Repositories['votes'], categoryId: number): Promise<VoteColumns> {
  const voterIndex = new Map<number, number>();
  const voterIds: number[] = [];
  // Sized up front from the range of the category's vote ids (at least its vote count): growing
  // by doubling would copy tens of megabytes in one go at ten million votes, and leave the old
  // buffers behind. What the range overshoots (other categories' votes) is never written, so
  // never resident.
  const bounds = await votes.voteIdBounds(categoryId);
  const capacity = Math.max(
    1024,
    Math.min(PRESIZE_LIMIT, bounds ? bounds.last - bounds.first + 1 : 0),
  );
  const winner = new Column(int32(capacity), int32);
  const loser = new Column(int32(capacity), int32);
  const voter = new Column(int32(capacity), int32);
  const weight = new Column(float32(capacity), float32);
  const net = new Column(int32(capacity), int32);
  let lastVoteId = 0;
  for (let after = 0; ;) {
    const rows = await votes.votesOfCategoryAfter(categoryId, after, READ_CHUNK);
    for (const row of rows) {
      let index = voterIndex.get(row.voter_id);
      if (index === undefined) {
        index = voterIds.length;
        voterIndex.set(row.voter_id, index);
        voterIds.push(row.voter_id);
      }
      winner.push(row.winner_photo_id);
      loser.push(row.loser_photo_id);
      voter.push(index);
      weight.push(row.weight > 0 ? 1 : 0);
      // Unknown neighbourhood (old and demo votes): the voter is its own.
      net.push(row.net ?? -1 - index);
    }
    await yieldToEventLoop();
    const last = rows.at(-1);
    if (last !== undefined) lastVoteId = last.id;
    if (last === undefined || rows.length < READ_CHUNK) break;
    after = last.id;
  }
  return {
    winner: winner.take(),
    loser: loser.take(),
    voter: voter.take(),
    weight: weight.take(),
    net: net.take(),
    voterIds,
    voterIndex,
    lastVoteId,
  };
}

async function readPhotos(ratings: Repositories['ratings'], categoryId: number) {
  const ids = new Column(float64(0), float64);
  const active = new Column(uint8(0), uint8);
  const publishedAt = new Column(float64(0), float64);
  const comparisons = new Column(int32(0), int32);
  for (let after = 0; ;) {
    const rows = await ratings.ratedPhotosAfter(categoryId, after, READ_CHUNK);
    for (const row of rows) {
      ids.push(row.id);
      active.push(row.state === 'active' ? 1 : 0);
      publishedAt.push(row.published_at);
      comparisons.push(row.comparisons);
    }
    await yieldToEventLoop();
    const last = rows.at(-1);
    if (last === undefined || rows.length < READ_CHUNK) break;
    after = last.id;
  }
  return {
    photoIds: ids.take(),
    active: active.take(),
    publishedAt: publishedAt.take(),
    comparisons: comparisons.take(),
  };
}

/** Photo ids to positions in place (−1: a photo no longer stored), a turn's budget at a time. */
async function toPositions(columns: Int32Array[], position: (id: number) => number) {
  const turn = new TurnBudget(POSITIONS_TURN_MS);
  for (const column of columns) {
    for (let e = 0; e < column.length; e++) {
      column[e] = position(column[e] as number);
      // A clock read per 256 votes: a lookup in the table costs a few nanoseconds.
      if (turn.dueAt(e)) await turn.next();
    }
    await turn.next();
  }
}

/**
 * Reads a category's votes, photos, voters and reference set for its refit; `lap` is told when
 * each of the three reads ends (the refit's phase timings).
 *
 * The votes are read before the photos: every photo a vote read here names is then in the fit.
 * A photo uploaded while the votes were read (an invited friend's vote on it, issue 18) would
 * otherwise be unknown to the fit, and a vote on it, not after the snapshot, neither fitted nor
 * replayed: its opponent's online update would be lost until the next refit.
 */
export async function readRefitInput(
  {
    ratings,
    references,
    votes,
    voters,
  }: Pick<Repositories, 'ratings' | 'references' | 'votes' | 'voters'>,
  categoryId: number,
  lap: (phase: string) => void = () => undefined,
): Promise<RefitInput> {
  const read = await readVotes(votes, categoryId);
  const { voterIds, voterIndex, lastVoteId } = read;
  lap('readVotes');
  const photos = await readPhotos(ratings, categoryId);
  await toPositions([read.winner, read.loser], photoPositions(photos.photoIds));
  lap('readPhotos');

  const gold: GoldTally<number>[] = [];
  for (let from = 0; from < voterIds.length; from += VOTER_CHUNK) {
    for (const tally of await voters.goldTallies(voterIds.slice(from, from + VOTER_CHUNK))) {
      const index = voterIndex.get(tally.id);
      if (index === undefined) continue;
      gold.push({ voter: index, passed: tally.gold_passed, failed: tally.gold_failed });
    }
    await yieldToEventLoop();
  }

  const referenceIds = await references.references(categoryId);
  lap('readVoters');
  return {
    job: {
      ...photos,
      votes: {
        winner: read.winner,
        loser: read.loser,
        voter: read.voter,
        weight: read.weight,
        voterCount: voterIds.length,
      },
      voteNet: read.net,
      gold,
      references: referenceIds,
    },
    voterIds,
    lastVoteId,
  };
}
