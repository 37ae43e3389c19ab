import { sql } from 'kysely';
import { writeRows } from '../db/json-rows.js';
import type { Db } from '../db/database.js';
import type { PhotoFitRow, PhotoRow } from '../db/schema.js';
import { PreparedQuery } from '../db/prepared-query.js';
import { hasRowLocks } from '../db/transaction.js';

/** Ids bound per query (SQLite binds 32,766 parameters at most). */
const ID_CHUNK = 5000;

export type IndexRow = Pick<PhotoRow, (typeof INDEX_COLUMNS)[number]>;
/** A photo as the pairing index takes it, with its state (only active photos are held). */
export type StatedIndexRow = IndexRow & Pick<PhotoRow, 'state'>;
export type CardRow = Pick<
  PhotoRow,
  'id' | 'display_key' | 'medium_key' | 'thumb_key' | 'width' | 'height' | 'placeholder'
>;
/** What a refit writes back to a photo's row: its belief as shown, with score and state. */
export type RefitPhotoRow = Pick<
  PhotoRow,
  'id' | 'mu' | 'sigma2' | 'current_score' | 'provisional'
>;
/**
 * A photo's fit state (ADR 0029): what the last fit believes of it, apart from the online moves of
 * the votes since, and the score a refit last recorded in its history.
 */
export type FitStateRow = Omit<PhotoFitRow, 'photo_id'> & { id: number };
export type RatedPhotoRow = Pick<PhotoRow, (typeof RATED_COLUMNS)[number]>;

/** What the pairing index holds of a photo (its boost run included, boost-delivery.ts). */
const INDEX_COLUMNS = [
  'id',
  'user_id',
  'mu',
  'sigma2',
  'comparisons',
  'boost_remaining',
  'boost_bought',
  'boost_started_at',
  'boost_served',
] as const;

/** The rating columns a vote writes back to each of its photos. */
const VOTED_COLUMNS = [
  'mu',
  'sigma2',
  'comparisons',
  'wins',
  'win_streak',
  'current_score',
  'provisional',
  'boost_remaining',
  'boost_served',
] as const;

const RATED_COLUMNS = [
  'id',
  'user_id',
  'category_id',
  'state',
  ...VOTED_COLUMNS,
  'published_at',
] as const;

// The queries of every pair fetch and vote, prepared (ADR 0021).
const CARDS = new PreparedQuery<[first: number, second: number], CardRow>((db, arg) =>
  db
    .selectFrom('photos')
    .select(['id', 'display_key', 'medium_key', 'thumb_key', 'width', 'height', 'placeholder'])
    .where('id', 'in', [arg(0), arg(1)]),
);
const LOCK_PHOTOS = new PreparedQuery<[first: number, second: number], RatedPhotoRow>((db, arg) => {
  const query = db
    .selectFrom('photos')
    .select(RATED_COLUMNS)
    .where('id', 'in', [arg(0), arg(1)])
    .orderBy('id');
  return hasRowLocks(db) ? query.forUpdate() : query;
});

/** What a vote writes back to a photo; a moment left null keeps the one stored. */
export type VotedRating = Pick<
  PhotoRow,
  (typeof VOTED_COLUMNS)[number] | 'placed_at' | 'boost_finished_at'
>;
type VotedArgs = (number | null)[];
const APPLY_VOTE = new PreparedQuery<VotedArgs, never>((db, arg) => {
  const columns = VOTED_COLUMNS.length;
  const set = Object.fromEntries(VOTED_COLUMNS.map((column, index) => [column, arg(index)]));
  return db
    .updateTable('photos')
    .set((eb) => ({
      ...(set as Record<(typeof VOTED_COLUMNS)[number], number>),
      placed_at: eb.fn.coalesce(eb.val(arg(columns)), eb.ref('placed_at')),
      boost_finished_at: eb.fn.coalesce(eb.val(arg(columns + 1)), eb.ref('boost_finished_at')),
      updated_at: arg(columns + 2) as number,
    }))
    .where('id', '=', arg(columns + 3) as number);
});

/**
 * The photo columns the arena and the refit read and write: the pairing index's rows, a pair's
 * cards, the ratings a vote moves and a refit rewrites.
 */
export class RatingRepository {
  constructor(private readonly db: Db) {}

  /**
   * A chunk of a category's active photos in id order after `afterId`, as the in-memory pairing
   * index needs them (photos_category_id_idx).
   */
  indexRowsAfter(categoryId: number, afterId: number, limit: number): Promise<IndexRow[]> {
    return this.db
      .selectFrom('photos')
      .select(INDEX_COLUMNS)
      .where('category_id', '=', categoryId)
      .where('id', '>', afterId)
      .where('state', '=', 'active')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** One active photo of a category as the pairing index holds it, or undefined (primary key). */
  activeIndexRow(categoryId: number, photoId: number): Promise<IndexRow | undefined> {
    return this.db
      .selectFrom('photos')
      .select(INDEX_COLUMNS)
      .where('id', '=', photoId)
      .where('category_id', '=', categoryId)
      .where('state', '=', 'active')
      .executeTakeFirst();
  }

  /**
   * Photos of a category written at or after `since` (at `since` itself: with an id above
   * `afterId`, the page's key), oldest change first then by id, with their state
   * (photos_category_updated_id_idx).
   */
  changedIndexRows(
    categoryId: number,
    since: number,
    afterId: number,
    limit: number,
  ): Promise<(IndexRow & Pick<PhotoRow, 'state' | 'updated_at'>)[]> {
    return this.db
      .selectFrom('photos')
      .select([...INDEX_COLUMNS, 'state', 'updated_at'])
      .where('category_id', '=', categoryId)
      .where((eb) => eb(eb.refTuple('updated_at', 'id'), '>', eb.tuple(since, afterId)))
      .orderBy('updated_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Some photos of a category as the pairing index takes them, with their state (an increment's
   * photos, RefitIncrementRepository; primary key).
   */
  indexRowsOf(categoryId: number, ids: readonly number[]): Promise<StatedIndexRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('photos')
      .select([...INDEX_COLUMNS, 'state'])
      .where('id', 'in', [...ids])
      .where('category_id', '=', categoryId)
      .execute();
  }

  /** What a pair shows of its two photos (rows of deleted photos are missing). */
  cards(ids: readonly [number, number]): Promise<CardRow[]> {
    return CARDS.rows(this.db, ids[0], ids[1]);
  }

  /** Both photos of a vote, locked in id order (no deadlock between two votes on PostgreSQL). */
  lockPhotos(ids: [number, number]): Promise<RatedPhotoRow[]> {
    return LOCK_PHOTOS.rows(this.db, ids[0], ids[1]);
  }

  /** What a vote changed on one of its photos (a prepared statement: every vote runs two). */
  async applyVote(id: number, rating: VotedRating, now: number): Promise<void> {
    const args: VotedArgs = VOTED_COLUMNS.map((column) => rating[column]);
    await APPLY_VOTE.rows(this.db, ...args, rating.placed_at, rating.boost_finished_at, now, id);
  }

  async updatePhoto(
    id: number,
    patch: Partial<
      Omit<RatedPhotoRow, 'id' | 'user_id' | 'category_id' | 'state'> &
        Pick<PhotoRow, 'placed_at' | 'boost_finished_at'>
    >,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('photos')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * A chunk of the photos of a category that votes may name (deleted ones still anchor their
   * opponents), in id order after `afterId` (photos_category_id_idx).
   */
  ratedPhotosAfter(categoryId: number, afterId: number, limit: number) {
    return this.db
      .selectFrom('photos')
      .select(['id', 'state', 'published_at', 'comparisons'])
      .where('category_id', '=', categoryId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Locks some photos (ascending ids) until the transaction ends, in id order as votes lock
   * theirs (PostgreSQL; SQLite serialises its writers): the incremental refit's chunk, which
   * names photos scattered across the category, so a range would hold many it does not write.
   */
  async lockPhotoIds(ids: readonly number[]): Promise<void> {
    if (!hasRowLocks(this.db) || ids.length === 0) return;
    await this.db
      .selectFrom('photos')
      .select('id')
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /**
   * Locks a category's photos with ids in [firstId, lastId] until the transaction ends, in id order
   * as votes lock theirs (PostgreSQL; SQLite serialises its writers and needs no lock): a vote on
   * one of them either committed before, or waits and then moves what the refit wrote.
   */
  async lockPhotoRange(categoryId: number, firstId: number, lastId: number): Promise<void> {
    if (!hasRowLocks(this.db)) return;
    await this.db
      .selectFrom('photos')
      .select('id')
      .where('category_id', '=', categoryId)
      .where('id', '>=', firstId)
      .where('id', '<=', lastId)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /**
   * The fit state of some photos (primary key, a few thousand ids a query), in id order; a photo
   * no fit has seen yet, or no longer stored, has none.
   */
  async fitStates(ids: readonly number[]): Promise<FitStateRow[]> {
    const found: FitStateRow[] = [];
    for (let from = 0; from < ids.length; from += ID_CHUNK) {
      const rows = await this.db
        .selectFrom('photo_fits')
        .select([
          'photo_id as id',
          'fit_mu',
          'fit_precision',
          'fit_evidence',
          'recorded_day',
          'recorded_score',
        ])
        .where('photo_id', 'in', ids.slice(from, from + ID_CHUNK))
        .orderBy('photo_id')
        .execute();
      found.push(...rows);
    }
    return found;
  }

  /** Which of `ids` are photos of the category still stored, in id order. */
  async storedIds(categoryId: number, ids: readonly number[]): Promise<number[]> {
    const found: number[] = [];
    for (let from = 0; from < ids.length; from += ID_CHUNK) {
      const rows = await this.db
        .selectFrom('photos')
        .select('id')
        .where('id', 'in', ids.slice(from, from + ID_CHUNK))
        .where('category_id', '=', categoryId)
        .orderBy('id')
        .execute();
      for (const row of rows) found.push(row.id);
    }
    return found;
  }

  /**
   * Writes fit states (ADR 0029), in the order given (callers pass them by id). No vote writes
   * them and one refit runs at a time, so no row is locked first. A photo deleted since it was
   * read gets none (its row went with it).
   */
  async saveFitStates(rows: readonly FitStateRow[]): Promise<void> {
    const columns = [
      ['id', 'integer'],
      ['fit_mu', 'real'],
      ['fit_precision', 'real'],
      ['fit_evidence', 'real'],
      ['recorded_day', 'text'],
      ['recorded_score', 'integer'],
    ] as const;
    const values = (row: FitStateRow) => [
      row.id,
      row.fit_mu,
      row.fit_precision,
      row.fit_evidence,
      row.recorded_day,
      row.recorded_score,
    ];
    const updated = await writeRows(
      this.db,
      columns,
      rows,
      values,
      'f',
      (f) =>
        sql<{ photo_id: number }>`update photo_fits set fit_mu = f.fit_mu,
          fit_precision = f.fit_precision, fit_evidence = f.fit_evidence,
          recorded_day = f.recorded_day, recorded_score = f.recorded_score
        from ${f} where photo_fits.photo_id = f.id
        returning photo_fits.photo_id`,
    );
    if (updated.length === rows.length) return;
    // A photo's first fit: its row is made, if the photo is still stored.
    const had = new Set(updated.map((row) => row.photo_id));
    const fresh = rows.filter((row) => !had.has(row.id));
    await writeRows(
      this.db,
      columns,
      fresh,
      values,
      'f',
      (f) =>
        sql`insert into photo_fits (photo_id, fit_mu, fit_precision, fit_evidence,
          recorded_day, recorded_score)
        select f.id, f.fit_mu, f.fit_precision, f.fit_evidence, f.recorded_day, f.recorded_score
        from ${f} where exists (select 1 from photos where photos.id = f.id)`,
    );
  }

  /** Keeps an increment's fit states until they are folded (ADR 0029); answers the row's id. */
  async saveFitDelta(categoryId: number, day: string, states: Uint8Array, now: number) {
    const row = await this.db
      .insertInto('fit_deltas')
      .values({ category_id: categoryId, day, states, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A category's fit states not folded yet, oldest first (after a crash: one, rarely more). */
  pendingFitDeltas(categoryId: number) {
    return this.db
      .selectFrom('fit_deltas')
      .select(['id', 'day', 'states'])
      .where('category_id', '=', categoryId)
      .orderBy('id')
      .execute();
  }

  async deleteFitDelta(id: number): Promise<void> {
    await this.db.deleteFrom('fit_deltas').where('id', '=', id).execute();
  }

  /**
   * Writes a refit's results, `updated_at` left alone: it tells readers which photos a vote or an
   * owner changed. A full refit announces itself by its stamp (ADR 0010), an incremental one by
   * the list of its photos (RefitIncrementRepository, ADR 0029).
   */
  async applyRefit(rows: RefitPhotoRow[]): Promise<void> {
    // In id order, the order votes lock photos in: two writers never wait on each other in a cycle.
    const ordered = [...rows].sort((a, b) => a.id - b.id);
    await writeRows(
      this.db,
      [
        ['id', 'integer'],
        ['mu', 'real'],
        ['sigma2', 'real'],
        ['current_score', 'integer'],
        ['provisional', 'integer'],
      ],
      ordered,
      (row) => [row.id, row.mu, row.sigma2, row.current_score, row.provisional],
      'r',
      (r) => sql`update photos set mu = r.mu, sigma2 = r.sigma2, current_score = r.current_score,
          provisional = r.provisional
        from ${r} where photos.id = r.id`,
    );
  }
}
