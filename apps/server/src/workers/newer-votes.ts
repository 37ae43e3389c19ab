/**
 * The votes cast since a fit read its category, as the refit writers replay them (ADR 0017,
 * issue 18): each chunk of photos is locked, and the newer votes naming a photo in the chunk's id
 * range are replayed on the fit's beliefs before the rows are written.
 *
 * Asking the database for each chunk's newer votes reads every newer vote of the category once
 * per chunk (votes_category_idx), so a write pass costs chunks × newer votes. A full refit of
 * 1,000,000 photos writes thousands of chunks while the arena votes on, and on SQLite, where a
 * chunk holds the event loop, a pass had not finished after 25 minutes (issue 19, ADR 0017).
 *
 * On SQLite the newer votes are therefore read once, in id order, from a cursor that each chunk
 * moves on, and each chunk keeps those on its id range (a filter in memory over the votes of one
 * write pass). SQLite's one connection serialises every writer, so a vote inserted before the
 * chunk's transaction is visible to it and has a lower id than any inserted later: the cursor
 * misses none. PostgreSQL numbers a vote when it is inserted and commits it later, so a vote
 * below the cursor can appear after the cursor passed it; there each chunk asks the database
 * (its chunks are few: 2,500 rows each).
 */
import type { Store } from '../repositories/store.js';
import type { VoteRepository } from '../repositories/vote.repository.js';
import { READ_CHUNK } from './refit-input.js';

export interface NewerVote {
  winner_photo_id: number;
  loser_photo_id: number;
  weight: number;
}

type VoteReads = Pick<VoteRepository, 'votesOfCategoryAfter' | 'votesOnPhotosAfter'>;

export class NewerVotes {
  private cursor: number;
  /** The votes read so far that may name a photo of a later chunk, oldest first (SQLite only). */
  private read: NewerVote[] = [];
  /** The last photo id of the chunk before (SQLite only). */
  private passed = Number.NEGATIVE_INFINITY;
  /** Whether ids become visible in the order they were given (SQLite: no row locks). */
  private readonly cursorReads: boolean;

  /** `after`: the last vote the fit read. */
  constructor(
    store: Pick<Store, 'rowLocks'>,
    private readonly categoryId: number,
    private readonly after: number,
  ) {
    this.cursor = after;
    this.cursorReads = !store.rowLocks;
  }

  /**
   * The newer votes naming a photo with an id in [firstPhoto, lastPhoto], oldest first. Called
   * inside the chunk's transaction, once its photos are locked, for chunks in ascending id order
   * (both writers write their photos in id order): a vote naming only photos below a chunk is
   * dropped then, so each chunk filters what later chunks may still need, not the whole pass.
   */
  async on(votes: VoteReads, firstPhoto: number, lastPhoto: number): Promise<NewerVote[]> {
    if (!this.cursorReads) {
      return votes.votesOnPhotosAfter(this.categoryId, this.after, firstPhoto, lastPhoto);
    }
    if (firstPhoto <= this.passed) {
      throw new RangeError(`NewerVotes: chunk from ${firstPhoto} after one up to ${this.passed}`);
    }
    this.passed = lastPhoto;
    for (;;) {
      const rows = await votes.votesOfCategoryAfter(this.categoryId, this.cursor, READ_CHUNK);
      for (const row of rows) {
        this.read.push({
          winner_photo_id: row.winner_photo_id,
          loser_photo_id: row.loser_photo_id,
          weight: row.weight,
        });
      }
      const last = rows.at(-1);
      if (last !== undefined) this.cursor = last.id;
      if (last === undefined || rows.length < READ_CHUNK) break;
    }
    this.read = this.read.filter(
      (vote) => vote.winner_photo_id >= firstPhoto || vote.loser_photo_id >= firstPhoto,
    );
    const named = (id: number) => id >= firstPhoto && id <= lastPhoto;
    return this.read.filter((vote) => named(vote.winner_photo_id) || named(vote.loser_photo_id));
  }
}
