import type { Db } from '../db/database.js';
import { everyColumnOf, PreparedQuery } from '../db/prepared-query.js';
import type { VoteRow } from '../db/schema.js';

/** A vote as it is inserted: every column but its id (`net` is null when not given). */
export type VoteValues = Omit<VoteRow, 'id' | 'net'> & { net?: number | null };

/** The columns of a vote's insert, in the order of its prepared statement's arguments. */
const VOTE_COLUMNS = everyColumnOf<VoteValues>()([
  'pair_id',
  'category_id',
  'voter_id',
  'user_id',
  'winner_photo_id',
  'loser_photo_id',
  'photo_lo',
  'photo_hi',
  'side',
  'kind',
  'dwell_ms',
  'weight',
  'gold',
  'fuel_earned',
  'winner_score_before',
  'winner_score_after',
  'loser_score_before',
  'loser_score_after',
  'net',
  'created_at',
]);
type VoteArgs = Required<VoteValues>[(typeof VOTE_COLUMNS)[number]][];

// Every vote inserts one: prepared (ADR 0021).
const INSERT_VOTE = new PreparedQuery<VoteArgs, { id: number }>((db, arg) => {
  const values = Object.fromEntries(VOTE_COLUMNS.map((column, index) => [column, arg(index)]));
  return db
    .insertInto('votes')
    .values(values as Required<VoteValues>)
    .returning('id');
});

/** The votes: one written per judged pair, read back for a repeat and by the refit. */
export class VoteRepository {
  constructor(private readonly db: Db) {}

  findVote(id: number): Promise<VoteRow | undefined> {
    return this.db.selectFrom('votes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertVote(vote: VoteValues): Promise<number> {
    const full: Required<VoteValues> = { ...vote, net: vote.net ?? null };
    const args: VoteArgs = VOTE_COLUMNS.map((column) => full[column]);
    const row = await INSERT_VOTE.first(this.db, ...args);
    if (!row) throw new Error('the vote insert returned no id');
    return row.id;
  }

  /**
   * The first and last vote ids of a category, or null when it has none: two probes of
   * votes_category_idx (min and max in one query would scan it on SQLite).
   */
  async voteIdBounds(categoryId: number): Promise<{ first: number; last: number } | null> {
    const edge = (direction: 'asc' | 'desc') =>
      this.db
        .selectFrom('votes')
        .select('id')
        .where('category_id', '=', categoryId)
        .orderBy('id', direction)
        .limit(1)
        .executeTakeFirst();
    const first = await edge('asc');
    const last = await edge('desc');
    return first && last ? { first: first.id, last: last.id } : null;
  }

  /**
   * The votes of a category after the vote `afterId` that name a photo with an id in
   * [firstPhoto, lastPhoto], oldest first: the votes cast since a refit's snapshot on a chunk of
   * the photos it writes (votes_category_idx: it reads every newer vote of the category, so
   * SQLite's writers read them once from a cursor instead, workers/newer-votes.ts).
   */
  votesOnPhotosAfter(categoryId: number, afterId: number, firstPhoto: number, lastPhoto: number) {
    return this.db
      .selectFrom('votes')
      .select(['winner_photo_id', 'loser_photo_id', 'weight'])
      .where('category_id', '=', categoryId)
      .where('id', '>', afterId)
      .where((eb) =>
        eb.or([
          eb.between('winner_photo_id', firstPhoto, lastPhoto),
          eb.between('loser_photo_id', firstPhoto, lastPhoto),
        ]),
      )
      .orderBy('id')
      .execute();
  }

  /** One chunk of a category's votes after the vote `afterId`, in id order (votes_category_idx). */
  votesOfCategoryAfter(categoryId: number, afterId: number, limit: number) {
    return this.db
      .selectFrom('votes')
      .select(['id', 'winner_photo_id', 'loser_photo_id', 'voter_id', 'weight', 'net'])
      .where('category_id', '=', categoryId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
