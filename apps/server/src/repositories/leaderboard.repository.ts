import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type {
  LeaderboardSnapshotEntriesTable,
  LeaderboardSnapshotsTable,
  PhotoRow,
  UserRow,
} from '../db/schema.js';
import { isPostgres } from '../db/migrations/helpers.js';
import { writeRows } from '../db/json-rows.js';

/** A photo as a live board tracks it. */
export type BoardPhotoRow = Pick<
  PhotoRow,
  | 'id'
  | 'current_score'
  | 'provisional'
  | 'state'
  | 'published_at'
  | 'updated_at'
  | 'comparisons'
  | 'mu'
  | 'sigma2'
>;

export type BoardMemberRow = Omit<BoardPhotoRow, 'updated_at'>;

/** What a board row shows besides its rank and score: photo columns and the owner's nickname. */
export type EntryRow = Pick<
  PhotoRow,
  | 'id'
  | 'user_id'
  | 'state'
  | 'comparisons'
  | 'display_key'
  | 'medium_key'
  | 'thumb_key'
  | 'width'
  | 'height'
  | 'placeholder'
  | 'current_score'
  | 'provisional'
  | 'mu'
  | 'sigma2'
> & { owner_name: UserRow['nickname'] };

export type SnapshotRow = Selectable<LeaderboardSnapshotsTable>;

/** A frozen entry with what its photo and owner show now. */
export type SnapshotEntryRow = Omit<
  EntryRow,
  'id' | 'comparisons' | 'current_score' | 'provisional' | 'mu' | 'sigma2'
> &
  Omit<Selectable<LeaderboardSnapshotEntriesTable>, 'snapshot_id'>;

/** A frozen board's entry as the service ranked it (ADR 0010). */
export interface FrozenEntryRow {
  position: number;
  photo_id: number;
  rank: number;
  score: number;
  comparisons: number;
  /** The range a provisional photo had (null once established). */
  score_low: number | null;
  score_high: number | null;
  matches_to_place: number | null;
}

export type RankColumn = 'rank_all' | 'rank_week' | 'rank_month';

/** What decides a photo's place on a board (domain/leaderboard/standing.ts). */
const MEMBER_COLUMNS = [
  'id',
  'current_score',
  'provisional',
  'state',
  'published_at',
  'comparisons',
  'mu',
  'sigma2',
] as const;

const BOARD_COLUMNS = [...MEMBER_COLUMNS, 'updated_at'] as const;

/** What an entry shows of its photo and owner, live or frozen. */
const SHOWN_COLUMNS = [
  'photos.user_id',
  'photos.state',
  'photos.display_key',
  'photos.medium_key',
  'photos.thumb_key',
  'photos.width',
  'photos.height',
  'photos.placeholder',
  'users.nickname as owner_name',
] as const;

/** A snapshot this large refreshes PostgreSQL's statistics of the entries table. */
const ANALYZE_AFTER_ENTRIES = 10_000;

/** Leaderboards: the photos a board ranks, frozen snapshots and the ranks refits recorded. */
export class LeaderboardRepository {
  constructor(private readonly db: Db) {}

  /** A chunk of a category's photos in id order, after `afterId` (a board's load). */
  photosAfter(categoryId: number, afterId: number, limit: number): Promise<BoardMemberRow[]> {
    return this.db
      .selectFrom('photos')
      .select(MEMBER_COLUMNS)
      .where('category_id', '=', categoryId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Photos of a category written at or after `since` (at `since` itself: with an id above
   * `afterId`, the page's key), oldest change first then by id (photos_category_updated_id_idx).
   */
  changedSince(
    categoryId: number,
    since: number,
    afterId: number,
    limit: number,
  ): Promise<BoardPhotoRow[]> {
    return this.db
      .selectFrom('photos')
      .select(BOARD_COLUMNS)
      .where('category_id', '=', categoryId)
      .where((eb) => eb(eb.refTuple('updated_at', 'id'), '>', eb.tuple(since, afterId)))
      .orderBy('updated_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Some photos of a category as the running boards take them (an increment's; primary key). */
  rowsOf(categoryId: number, ids: readonly number[]): Promise<BoardPhotoRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('photos')
      .select(BOARD_COLUMNS)
      .where('id', 'in', [...ids])
      .where('category_id', '=', categoryId)
      .execute();
  }

  /** The shown columns of some photos with their owner's display name. */
  entries(photoIds: readonly number[]): Promise<EntryRow[]> {
    if (photoIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('photos')
      .innerJoin('users', 'users.id', 'photos.user_id')
      .select([
        'photos.id',
        'photos.comparisons',
        'photos.current_score',
        'photos.provisional',
        'photos.mu',
        'photos.sigma2',
        ...SHOWN_COLUMNS,
      ])
      .where('photos.id', 'in', [...photoIds])
      .execute();
  }

  /** The ranks the day's last refit recorded for some photos. */
  async recordedRanks(
    photoIds: readonly number[],
    day: string,
    column: RankColumn,
  ): Promise<Map<number, number>> {
    if (photoIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('photo_score_days')
      .select(['photo_id', column])
      .where('day', '=', day)
      .where('photo_id', 'in', [...photoIds])
      .execute();
    const ranks = new Map<number, number>();
    for (const row of rows) {
      const rank = row[column];
      if (rank !== null) ranks.set(row.photo_id, rank);
    }
    return ranks;
  }

  /**
   * The latest day before `before` (and not before `from`) on which a refit recorded any of
   * these photos: a day without a refit (the server was down) does not erase every change.
   */
  async lastRecordedDay(
    photoIds: readonly number[],
    from: string,
    before: string,
  ): Promise<string | null> {
    if (photoIds.length === 0) return null;
    const row = await this.db
      .selectFrom('photo_score_days')
      .select((eb) => eb.fn.max('day').as('day'))
      .where('photo_id', 'in', [...photoIds])
      .where('day', '>=', from)
      .where('day', '<', before)
      .executeTakeFirst();
    return row?.day ?? null;
  }

  /** Active photos of a category first published in [startsAt, endsAt), any placement. */
  periodPhotos(categoryId: number, startsAt: number, endsAt: number): Promise<BoardMemberRow[]> {
    return this.db
      .selectFrom('photos')
      .select(MEMBER_COLUMNS)
      .where('category_id', '=', categoryId)
      .where('published_at', '>=', startsAt)
      .where('published_at', '<', endsAt)
      .where('state', '=', 'active')
      .execute();
  }

  /**
   * A page of the active photos first published in [startsAt, endsAt), in (published_at, id)
   * order after `after` (photos_category_published_idx): a freeze reads a month this way. The
   * index is entered at the page's time, and the photos of that time already read are skipped by
   * id; a row-value comparison made SQLite enter it at `startsAt` and step over every photo read
   * before, 30–60 ms a page deep into a month of 300,000.
   */
  periodPhotosAfter(
    categoryId: number,
    startsAt: number,
    endsAt: number,
    after: { published_at: number; id: number } | null,
    limit: number,
  ): Promise<BoardMemberRow[]> {
    let query = this.db
      .selectFrom('photos')
      .select(MEMBER_COLUMNS)
      .where('category_id', '=', categoryId)
      .where('published_at', '>=', after === null ? startsAt : after.published_at)
      .where('published_at', '<', endsAt)
      .where('state', '=', 'active');
    if (after !== null) {
      query = query.where((eb) =>
        eb.or([eb('published_at', '>', after.published_at), eb('id', '>', after.id)]),
      );
    }
    return query.orderBy('published_at').orderBy('id').limit(limit).execute();
  }

  /** The strengths of the category's reference photos, the yardstick of its display scores. */
  async referenceMus(categoryId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('category_references')
      .innerJoin('photos', 'photos.id', 'category_references.photo_id')
      .select('photos.mu')
      .where('category_references.category_id', '=', categoryId)
      .orderBy('photos.id')
      .execute();
    return rows.map((row) => row.mu);
  }

  /**
   * When the first photo of any category was published (null: none yet), each category's
   * through the index on `photos(category_id, published_at)`, so it costs no scan.
   */
  async firstPublishedAt(): Promise<number | null> {
    const rows = await this.db
      .selectFrom('categories')
      .select((eb) =>
        eb
          .selectFrom('photos')
          .select((inner) => inner.fn.min('photos.published_at').as('first'))
          .whereRef('photos.category_id', '=', 'categories.id')
          .as('first'),
      )
      .execute();
    const firsts = rows.flatMap((row) => (row.first === null ? [] : [row.first]));
    return firsts.length === 0 ? null : Math.min(...firsts);
  }

  /** Whether any photo of the category, in any state, was published in the window. */
  async anyPublishedBetween(
    categoryId: number,
    startsAt: number,
    endsAt: number,
  ): Promise<boolean> {
    const row = await this.db
      .selectFrom('photos')
      .select('id')
      .where('category_id', '=', categoryId)
      .where('published_at', '>=', startsAt)
      .where('published_at', '<', endsAt)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The complete frozen board of a period, if any. */
  findSnapshot(
    categoryId: number,
    periodType: SnapshotRow['period_type'],
    periodStart: string,
  ): Promise<SnapshotRow | undefined> {
    return this.snapshotHeader(categoryId, periodType, periodStart)
      .where('complete', '=', 1)
      .executeTakeFirst();
  }

  /** A period's board still being written (or left half written by a process that died). */
  findUnfinishedSnapshot(
    categoryId: number,
    periodType: SnapshotRow['period_type'],
    periodStart: string,
  ): Promise<SnapshotRow | undefined> {
    return this.snapshotHeader(categoryId, periodType, periodStart)
      .where('complete', '=', 0)
      .executeTakeFirst();
  }

  /**
   * Starts a frozen board: its header, not complete, so no reader finds it until
   * `finishSnapshot`. A unique violation means a board of the period exists, complete or not.
   */
  beginSnapshot(
    header: Omit<SnapshotRow, 'id' | 'entries' | 'complete'>,
    entries: number,
  ): Promise<SnapshotRow> {
    return this.db
      .insertInto('leaderboard_snapshots')
      .values({ ...header, entries, complete: 0 })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Writes entries of an unfinished board as the service ranked them, each with its place
   * change since `previous` (the day before the period's last day, in the score history).
   */
  async insertSnapshotEntries(
    snapshotId: number,
    previous: { day: string; column: RankColumn } | null,
    entries: readonly FrozenEntryRow[],
  ): Promise<void> {
    const previousRank = previous ? sql.ref(`psd.${previous.column}`) : sql`cast(null as integer)`;
    await writeRows(
      this.db,
      [
        ['position', 'integer'],
        ['photo_id', 'integer'],
        ['rank', 'integer'],
        ['score', 'integer'],
        ['comparisons', 'integer'],
        ['score_low', 'integer'],
        ['score_high', 'integer'],
        ['matches_to_place', 'integer'],
      ],
      entries,
      (entry) => [
        entry.position,
        entry.photo_id,
        entry.rank,
        entry.score,
        entry.comparisons,
        entry.score_low,
        entry.score_high,
        entry.matches_to_place,
      ],
      'e',
      // The entries lead the join: each finds its score history row by its key.
      (e) => sql`
        insert into leaderboard_snapshot_entries
          (snapshot_id, position, photo_id, rank, score, comparisons, rank_change,
           score_low, score_high, matches_to_place)
        select cast(${snapshotId} as integer), e.position, e.photo_id, e.rank, e.score,
               e.comparisons, ${previousRank} - e.rank, e.score_low, e.score_high,
               e.matches_to_place
        from ${e}
        left join photo_score_days psd
          on psd.photo_id = e.photo_id and psd.day = ${previous?.day ?? ''}`,
    );
  }

  /**
   * Makes an unfinished board readable; undefined when it is gone (another process took the
   * period over, judging this one dead).
   */
  finishSnapshot(snapshotId: number): Promise<SnapshotRow | undefined> {
    return this.db
      .updateTable('leaderboard_snapshots')
      .set({ complete: 1 })
      .where('id', '=', snapshotId)
      .where('complete', '=', 0)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Removes an unfinished board and whatever of its entries were written, or the entries alone
   * when its header is already gone. A board completed meanwhile keeps everything.
   */
  async dropUnfinishedSnapshot(snapshotId: number): Promise<void> {
    await this.db
      .deleteFrom('leaderboard_snapshots')
      .where('id', '=', snapshotId)
      .where('complete', '=', 0)
      .execute();
    await this.db
      .deleteFrom('leaderboard_snapshot_entries')
      .where('snapshot_id', '=', snapshotId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('leaderboard_snapshots').select('id').where('id', '=', snapshotId),
          ),
        ),
      )
      .execute();
  }

  /** After a snapshot is committed: the planner must know a large one, or reads it slowly. */
  async analyzeAfterSnapshot(entries: number): Promise<void> {
    if (entries >= ANALYZE_AFTER_ENTRIES && isPostgres(this.db)) {
      await sql`analyze leaderboard_snapshot_entries`.execute(this.db);
    }
  }

  private snapshotHeader(
    categoryId: number,
    periodType: SnapshotRow['period_type'],
    periodStart: string,
  ) {
    return this.db
      .selectFrom('leaderboard_snapshots')
      .selectAll()
      .where('category_id', '=', categoryId)
      .where('period_type', '=', periodType)
      .where('period_start', '=', periodStart);
  }

  private snapshotEntryQuery(snapshotId: number) {
    return this.db
      .selectFrom('leaderboard_snapshot_entries as e')
      .innerJoin('photos', 'photos.id', 'e.photo_id')
      .innerJoin('users', 'users.id', 'photos.user_id')
      .select([
        'e.position',
        'e.photo_id',
        'e.rank',
        'e.score',
        'e.comparisons',
        'e.rank_change',
        'e.score_low',
        'e.score_high',
        'e.matches_to_place',
        ...SHOWN_COLUMNS,
      ])
      .where('e.snapshot_id', '=', snapshotId)
      .where('photos.state', '=', 'active');
  }

  /** Entries at 1-based places [from, to] whose photos are still shown. */
  snapshotPage(snapshotId: number, from: number, to: number): Promise<SnapshotEntryRow[]> {
    return this.snapshotEntryQuery(snapshotId)
      .where('e.position', '>=', from)
      .where('e.position', '<=', to)
      .orderBy('e.position')
      .execute();
  }

  /** The entries of some photos in a snapshot (the caller's own). */
  snapshotEntriesOf(snapshotId: number, photoIds: readonly number[]): Promise<SnapshotEntryRow[]> {
    if (photoIds.length === 0) return Promise.resolve([]);
    return this.snapshotEntryQuery(snapshotId)
      .where('e.photo_id', 'in', [...photoIds])
      .orderBy('e.position')
      .execute();
  }

  /** A user's active photos in a category (any state of placement). */
  async ownPhotoIds(userId: number, categoryId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('photos')
      .select('id')
      .where('user_id', '=', userId)
      .where('category_id', '=', categoryId)
      .where('state', '=', 'active')
      .execute();
    return rows.map((row) => row.id);
  }
}
