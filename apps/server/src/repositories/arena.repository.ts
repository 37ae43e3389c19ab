import { sql } from 'kysely';
import { chunks, jsonRows } from '../db/json-rows.js';
import type { Db } from '../db/database.js';
import type { PhotoRow, ServedPairRow, VoteRow, VotesTable } from '../db/schema.js';
import { hasRowLocks } from '../db/transaction.js';
import type { Insertable } from 'kysely';

export type IndexRow = Pick<
  PhotoRow,
  'id' | 'user_id' | 'mu' | 'sigma2' | 'comparisons' | 'boost_remaining'
>;
export type CardRow = Pick<
  PhotoRow,
  'id' | 'display_key' | 'medium_key' | 'thumb_key' | 'width' | 'height' | 'placeholder'
>;
export type RatedPhotoRow = Pick<PhotoRow, (typeof RATED_COLUMNS)[number]>;

const RATED_COLUMNS = [
  'id',
  'user_id',
  'category_id',
  'state',
  'mu',
  'sigma2',
  'comparisons',
  'wins',
  'win_streak',
  'current_score',
  'provisional',
  'boost_remaining',
  'published_at',
] as const;

export interface DailyScoreRow {
  id: number;
  current_score: number;
  rank_all: number | null;
  rank_week: number | null;
  rank_month: number | null;
}

/** Unanswered pairs a voter may hold at once (the client prefetches two or three). */
const PENDING_PAIRS_HELD = 8;

/** Served pairs, votes and the photo columns the arena reads and writes. */
export class ArenaRepository {
  constructor(private readonly db: Db) {}

  /**
   * A chunk of a category's active photos in id order after `afterId`, as the in-memory pairing
   * index needs them (photos_category_id_idx).
   */
  indexRowsAfter(categoryId: number, afterId: number, limit: number): Promise<IndexRow[]> {
    return this.db
      .selectFrom('photos')
      .select(['id', 'user_id', 'mu', 'sigma2', 'comparisons', 'boost_remaining'])
      .where('category_id', '=', categoryId)
      .where('id', '>', afterId)
      .where('state', '=', 'active')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Photos of a category written at or after `since`, oldest change first, with their state. */
  changedIndexRows(
    categoryId: number,
    since: number,
    limit: number,
  ): Promise<(IndexRow & Pick<PhotoRow, 'state' | 'updated_at'>)[]> {
    return this.db
      .selectFrom('photos')
      .select([
        'id',
        'user_id',
        'mu',
        'sigma2',
        'comparisons',
        'boost_remaining',
        'state',
        'updated_at',
      ])
      .where('category_id', '=', categoryId)
      .where('updated_at', '>=', since)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  }

  cards(ids: number[]): Promise<CardRow[]> {
    return this.db
      .selectFrom('photos')
      .select(['id', 'display_key', 'medium_key', 'thumb_key', 'width', 'height', 'placeholder'])
      .where('id', 'in', ids)
      .execute();
  }

  /**
   * `lo:hi` keys of the pairs this voter judged in the category, and of the few they hold
   * unanswered right now (a prefetched queue); skipped pairs older than that may come back.
   */
  async unavailablePairs(voterId: number, categoryId: number, now: number): Promise<Set<string>> {
    const judged = await this.db
      .selectFrom('votes')
      .select(['photo_lo', 'photo_hi'])
      .where('voter_id', '=', voterId)
      .where('category_id', '=', categoryId)
      .execute();
    const pending = await this.db
      .selectFrom('served_pairs')
      .select(['photo_lo', 'photo_hi'])
      .where('voter_id', '=', voterId)
      .where('category_id', '=', categoryId)
      .where('vote_id', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('served_at', 'desc')
      .limit(PENDING_PAIRS_HELD)
      .execute();
    return new Set([...judged, ...pending].map((row) => `${row.photo_lo}:${row.photo_hi}`));
  }

  recentServed(voterId: number, limit: number) {
    return this.db
      .selectFrom('served_pairs')
      .select(['left_photo_id', 'right_photo_id', 'kind'])
      .where('voter_id', '=', voterId)
      .orderBy('served_at', 'desc')
      .limit(limit)
      .execute();
  }

  async insertServedPair(pair: ServedPairRow): Promise<void> {
    await this.db.insertInto('served_pairs').values(pair).execute();
  }

  /** A served pair, locked for the rest of the transaction on PostgreSQL. */
  /** The category of a served pair, read without a lock. */
  async servedPairCategory(id: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('served_pairs')
      .select('category_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.category_id;
  }

  async lockServedPair(id: string): Promise<ServedPairRow | undefined> {
    let query = this.db.selectFrom('served_pairs').selectAll().where('id', '=', id);
    if (hasRowLocks(this.db)) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /** The newest pair of these two photos served to the voter (when the client sends no pair_id). */
  async latestServedPairId(voterId: number, lo: number, hi: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('served_pairs')
      .select('id')
      .where('voter_id', '=', voterId)
      .where('photo_lo', '=', lo)
      .where('photo_hi', '=', hi)
      .orderBy('served_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

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

  async markJudged(pairId: string, voteId: number): Promise<void> {
    await this.db
      .updateTable('served_pairs')
      .set({ vote_id: voteId })
      .where('id', '=', pairId)
      .execute();
  }

  /** Both photos of a vote, locked in id order (no deadlock between two votes on PostgreSQL). */
  async lockPhotos(ids: [number, number]): Promise<RatedPhotoRow[]> {
    let query = this.db
      .selectFrom('photos')
      .select(RATED_COLUMNS)
      .where('id', 'in', ids)
      .orderBy('id');
    if (hasRowLocks(this.db)) query = query.forUpdate();
    return query.execute();
  }

  async updatePhoto(
    id: number,
    patch: Partial<Omit<RatedPhotoRow, 'id' | 'user_id' | 'category_id' | 'state'>>,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('photos')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Forgets served pairs that expired unjudged long ago (judged ones stay as the vote's record). */
  async deleteExpiredPairs(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('served_pairs')
      .where('vote_id', 'is', null)
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // ── Refit ────────────────────────────────────────────────────────────────────────────────

  /**
   * A chunk of the photos of a category that votes may name (deleted ones still anchor their
   * opponents), in id order after `afterId` (photos_category_id_idx).
   */
  ratedPhotosAfter(categoryId: number, afterId: number, limit: number) {
    return this.db
      .selectFrom('photos')
      .select(['id', 'state', 'mu', 'published_at'])
      .where('category_id', '=', categoryId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
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

  /** One chunk of a category's votes after the vote `afterId`, in id order (votes_category_idx). */
  votesOfCategoryAfter(categoryId: number, afterId: number, limit: number) {
    return this.db
      .selectFrom('votes')
      .select(['id', 'winner_photo_id', 'loser_photo_id', 'voter_id', 'weight'])
      .where('category_id', '=', categoryId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async references(categoryId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('category_references')
      .select('photo_id')
      .where('category_id', '=', categoryId)
      .execute();
    return rows.map((row) => row.photo_id);
  }

  async setReferences(categoryId: number, photoIds: number[]): Promise<void> {
    await this.db.deleteFrom('category_references').where('category_id', '=', categoryId).execute();
    if (photoIds.length === 0) return;
    await this.db
      .insertInto('category_references')
      .values(photoIds.map((photo_id) => ({ category_id: categoryId, photo_id })))
      .execute();
  }

  /**
   * Today's point of each photo's score history and its ranks on the running boards (the last
   * refit of the day wins).
   */
  async recordDailyScores(rows: DailyScoreRow[], day: string): Promise<void> {
    for (const chunk of chunks(rows)) {
      const source = jsonRows(
        this.db,
        [
          ['photo_id', 'integer'],
          ['score', 'integer'],
          ['rank_all', 'integer'],
          ['rank_week', 'integer'],
          ['rank_month', 'integer'],
        ],
        chunk.map((row) => [
          row.id,
          row.current_score,
          row.rank_all,
          row.rank_week,
          row.rank_month,
        ]),
        'p',
      );
      // "where true" lets SQLite tell the upsert's ON CONFLICT from a join's ON.
      await sql`insert into photo_score_days (photo_id, day, score, rank_all, rank_week, rank_month)
        select p.photo_id, ${day}, p.score, p.rank_all, p.rank_week, p.rank_month from ${source}
        where true
        on conflict (photo_id, day) do update set score = excluded.score,
          rank_all = excluded.rank_all, rank_week = excluded.rank_week,
          rank_month = excluded.rank_month`.execute(this.db);
    }
  }

  scoreHistory(photoId: number, limit: number) {
    return this.db
      .selectFrom('photo_score_days')
      .select(['day', 'score'])
      .where('photo_id', '=', photoId)
      .orderBy('day', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Writes a refit's results. `updated_at` is left alone: it tells readers which photos a vote or
   * an owner changed, and a refit announces itself by its stamp instead (ADR 0010).
   */
  async applyRefit(
    rows: { id: number; mu: number; sigma2: number; current_score: number; provisional: number }[],
  ): Promise<void> {
    // In id order, the order votes lock photos in: two writers never wait on each other in a cycle.
    const ordered = [...rows].sort((a, b) => a.id - b.id);
    for (const chunk of chunks(ordered)) {
      const source = jsonRows(
        this.db,
        [
          ['id', 'integer'],
          ['mu', 'real'],
          ['sigma2', 'real'],
          ['current_score', 'integer'],
          ['provisional', 'integer'],
        ],
        chunk.map((row) => [row.id, row.mu, row.sigma2, row.current_score, row.provisional]),
        'r',
      );
      await sql`update photos set mu = r.mu, sigma2 = r.sigma2, current_score = r.current_score,
          provisional = r.provisional
        from ${source} where photos.id = r.id`.execute(this.db);
    }
  }
}
