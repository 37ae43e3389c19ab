import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { VoteRow, VotesTable } from '../db/schema.js';

/** The votes: one written per judged pair, read back for a repeat and by the refit. */
export class VoteRepository {
  constructor(private readonly db: Db) {}

  findVote(id: number): Promise<VoteRow | undefined> {
    return this.db.selectFrom('votes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertVote(vote: Insertable<VotesTable>): Promise<number> {
    const row = await this.db
      .insertInto('votes')
      .values(vote)
      .returning('id')
      .executeTakeFirstOrThrow();
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
