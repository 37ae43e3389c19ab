import type { Db } from '../db/database.js';
import type { PhotoRow } from '../db/schema.js';

/** What the inbox reads of one of the owner's photos. */
export type NewsPhotoRow = Pick<
  PhotoRow,
  | 'id'
  | 'category_id'
  | 'state'
  | 'current_score'
  | 'provisional'
  | 'published_at'
  | 'placed_at'
  | 'boost_finished_at'
  | 'display_key'
  | 'medium_key'
  | 'thumb_key'
  | 'width'
  | 'height'
  | 'placeholder'
>;

/** One photo's votes since a moment on one side: how many counted, and the first one's id. */
export interface VoteTally {
  photo_id: number;
  counted: number;
  first_vote_id: number;
  last_at: number;
}

/** The first vote of a span on a photo, with the scores it revealed before counting. */
export interface FirstVoteRow {
  id: number;
  winner_photo_id: number;
  winner_score_before: number;
  loser_score_before: number;
}

/**
 * The reads behind "your photos' news" (the inbox on the profile): every query is bounded by
 * the owner's photo ids and a moment, on indexes made for it (migration 2026-11-25-0040).
 */
export class PhotoNewsRepository {
  constructor(private readonly db: Db) {}

  async seenAt(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('users')
      .select('news_seen_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.news_seen_at ?? null;
  }

  async markSeen(userId: number, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ news_seen_at: now })
      .where('id', '=', userId)
      .execute();
  }

  /** The owner's newest photos that still exist (photos_user_state_idx), at most `limit`. */
  ownPhotos(userId: number, limit: number): Promise<NewsPhotoRow[]> {
    return this.db
      .selectFrom('photos')
      .select([
        'id',
        'category_id',
        'state',
        'current_score',
        'provisional',
        'published_at',
        'placed_at',
        'boost_finished_at',
        'display_key',
        'medium_key',
        'thumb_key',
        'width',
        'height',
        'placeholder',
      ])
      .where('user_id', '=', userId)
      .where('state', 'in', ['active', 'hidden', 'removed'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Per photo, the votes it won (`side` winner) or lost since `since`: those the engine counts
   * (a vote weighed 0, too fast or from a suspicious voter, moved nothing and is no win), and
   * the first vote of the span whatever its weight (its recorded score is the score before).
   */
  tallies(side: 'winner' | 'loser', photoIds: number[], since: number): Promise<VoteTally[]> {
    if (photoIds.length === 0) return Promise.resolve([]);
    const column = side === 'winner' ? 'winner_photo_id' : 'loser_photo_id';
    // Sums and maxima come back as numbers on both dialects (int8 is parsed, db/database.ts).
    return this.db
      .selectFrom('votes')
      .select((eb) => [
        eb.ref(column).as('photo_id'),
        eb.fn.sum<number>(eb.case().when('weight', '>', 0).then(1).else(0).end()).as('counted'),
        eb.fn.min<number>('id').as('first_vote_id'),
        eb.fn.max<number>('created_at').as('last_at'),
      ])
      .where(column, 'in', photoIds)
      .where('created_at', '>', since)
      .groupBy(column)
      .execute();
  }

  firstVotes(ids: number[]): Promise<FirstVoteRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('votes')
      .select(['id', 'winner_photo_id', 'winner_score_before', 'loser_score_before'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Each photo's last daily record before `day` (its score and all-time rank then), if any. */
  recordsBefore(photoIds: number[], day: string) {
    if (photoIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('photo_score_days as d')
      .select(['d.photo_id', 'd.score', 'd.rank_all'])
      .where('d.photo_id', 'in', photoIds)
      .where((eb) =>
        eb(
          'd.day',
          '=',
          eb
            .selectFrom('photo_score_days as e')
            .select((inner) => inner.fn.max('e.day').as('day'))
            .whereRef('e.photo_id', '=', 'd.photo_id')
            .where('e.day', '<', day),
        ),
      )
      .execute();
  }

  /** Moderators' decisions (keep, remove, remove and ban) on these photos since `since`, oldest first. */
  decisions(photoIds: number[], since: number) {
    if (photoIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('moderation_log')
      .select(['photo_id', 'decision', 'created_at'])
      .where('photo_id', 'in', photoIds)
      .where('created_at', '>', since)
      .where('decision', 'in', ['keep', 'remove', 'ban'])
      .orderBy('created_at')
      .execute();
  }
}
