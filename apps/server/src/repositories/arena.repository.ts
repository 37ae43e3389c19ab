import { sql } from 'kysely';
import { chunks, jsonRows } from '../db/json-rows.js';
import type { Db } from '../db/database.js';
import type { PhotoRow, ServedPairRow, VoteRow, VotesTable } from '../db/schema.js';
import { PreparedQuery } from '../db/prepared-query.js';
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

const SERVED_PAIR_COLUMNS = [
  'id',
  'voter_id',
  'anonymous_id',
  'user_id',
  'category_id',
  'left_photo_id',
  'right_photo_id',
  'photo_lo',
  'photo_hi',
  'kind',
  'boosted_photo_id',
  'gold_expected_winner_id',
  'served_at',
  'expires_at',
  'vote_id',
] as const satisfies readonly (keyof ServedPairRow)[];

// The queries of every pair fetch and vote, prepared (ADR 0021).
/** The served pair's values in SERVED_PAIR_COLUMNS order. */
type ServedPairValues = ServedPairRow[keyof ServedPairRow][];
const INSERT_SERVED_PAIR = new PreparedQuery<ServedPairValues, never>((db, arg) =>
  db
    .insertInto('served_pairs')
    .values(
      Object.fromEntries(
        SERVED_PAIR_COLUMNS.map((column, index) => [column, arg(index)]),
      ) as unknown as ServedPairRow,
    ),
);
const CARDS = new PreparedQuery<[first: number, second: number], CardRow>((db, arg) =>
  db
    .selectFrom('photos')
    .select(['id', 'display_key', 'medium_key', 'thumb_key', 'width', 'height', 'placeholder'])
    .where('id', 'in', [arg(0), arg(1)]),
);
const JUDGED_PAIRS = new PreparedQuery<
  [voterId: number, categoryId: number],
  Pick<VoteRow, 'photo_lo' | 'photo_hi'>
>((db, arg) =>
  db
    .selectFrom('votes')
    .select(['photo_lo', 'photo_hi'])
    .where('voter_id', '=', arg(0))
    .where('category_id', '=', arg(1)),
);
const PENDING_PAIRS = new PreparedQuery<
  [voterId: number, categoryId: number, now: number],
  Pick<ServedPairRow, 'photo_lo' | 'photo_hi'>
>((db, arg) =>
  db
    .selectFrom('served_pairs')
    .select(['photo_lo', 'photo_hi'])
    .where('voter_id', '=', arg(0))
    .where('category_id', '=', arg(1))
    .where('vote_id', 'is', null)
    .where('expires_at', '>', arg(2))
    .orderBy('served_at', 'desc')
    .limit(PENDING_PAIRS_HELD),
);
const RECENT_SERVED = new PreparedQuery<
  [voterId: number, limit: number],
  Pick<ServedPairRow, 'left_photo_id' | 'right_photo_id' | 'kind'>
>((db, arg) =>
  db
    .selectFrom('served_pairs')
    .select(['left_photo_id', 'right_photo_id', 'kind'])
    .where('voter_id', '=', arg(0))
    .orderBy('served_at', 'desc')
    .limit(arg(1)),
);
const SERVED_PAIR_CATEGORY = new PreparedQuery<[id: string], Pick<ServedPairRow, 'category_id'>>(
  (db, arg) => db.selectFrom('served_pairs').select('category_id').where('id', '=', arg(0)),
);
const LOCK_SERVED_PAIR = new PreparedQuery<[id: string], ServedPairRow>((db, arg) => {
  const query = db.selectFrom('served_pairs').selectAll().where('id', '=', arg(0));
  return hasRowLocks(db) ? query.forUpdate() : query;
});
const MARK_JUDGED = new PreparedQuery<[voteId: number, pairId: string], never>((db, arg) =>
  db
    .updateTable('served_pairs')
    .set({ vote_id: arg(0) })
    .where('id', '=', arg(1)),
);
const LOCK_PHOTOS = new PreparedQuery<[first: number, second: number], RatedPhotoRow>((db, arg) => {
  const query = db
    .selectFrom('photos')
    .select(RATED_COLUMNS)
    .where('id', 'in', [arg(0), arg(1)])
    .orderBy('id');
  return hasRowLocks(db) ? query.forUpdate() : query;
});

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

  /** What a pair shows of its two photos (rows of deleted photos are missing). */
  cards(ids: readonly [number, number]): Promise<CardRow[]> {
    return CARDS.rows(this.db, ids[0], ids[1]);
  }

  /**
   * `lo:hi` keys of the pairs this voter judged in the category, and of the few they hold
   * unanswered right now (a prefetched queue); skipped pairs older than that may come back.
   */
  async unavailablePairs(voterId: number, categoryId: number, now: number): Promise<Set<string>> {
    const judged = await JUDGED_PAIRS.rows(this.db, voterId, categoryId);
    const pending = await PENDING_PAIRS.rows(this.db, voterId, categoryId, now);
    return new Set([...judged, ...pending].map((row) => `${row.photo_lo}:${row.photo_hi}`));
  }

  recentServed(voterId: number, limit: number) {
    return RECENT_SERVED.rows(this.db, voterId, limit);
  }

  async insertServedPair(pair: ServedPairRow): Promise<void> {
    await INSERT_SERVED_PAIR.rows(this.db, ...SERVED_PAIR_COLUMNS.map((column) => pair[column]));
  }

  /** A served pair, locked for the rest of the transaction on PostgreSQL. */
  /** The category of a served pair, read without a lock. */
  async servedPairCategory(id: string): Promise<number | undefined> {
    return (await SERVED_PAIR_CATEGORY.first(this.db, id))?.category_id;
  }

  lockServedPair(id: string): Promise<ServedPairRow | undefined> {
    return LOCK_SERVED_PAIR.first(this.db, id);
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
    await MARK_JUDGED.rows(this.db, voteId, pairId);
  }

  /** Both photos of a vote, locked in id order (no deadlock between two votes on PostgreSQL). */
  lockPhotos(ids: [number, number]): Promise<RatedPhotoRow[]> {
    return LOCK_PHOTOS.rows(this.db, ids[0], ids[1]);
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
      .select(['id', 'winner_photo_id', 'loser_photo_id', 'voter_id', 'weight', 'net'])
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
