import { sql } from 'kysely';
import { writeRows } from '../db/json-rows.js';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { PhotoRow, PhotoScoreDaysTable } from '../db/schema.js';

/** A photo's score after a refit with its ranks on the running boards (null: not on one). */
export type DailyScoreRow = Pick<PhotoRow, 'id' | 'current_score'> &
  Pick<Selectable<PhotoScoreDaysTable>, 'rank_all' | 'rank_week' | 'rank_month'>;

/** The daily points of each photo's score history, with its ranks that day. */
export class ScoreDayRepository {
  constructor(private readonly db: Db) {}

  /**
   * Today's point of each photo's score history and its ranks on the running boards (the last
   * refit of the day wins).
   */
  async recordDailyScores(rows: DailyScoreRow[], day: string): Promise<void> {
    await writeRows(
      this.db,
      [
        ['photo_id', 'integer'],
        ['score', 'integer'],
        ['rank_all', 'integer'],
        ['rank_week', 'integer'],
        ['rank_month', 'integer'],
      ],
      rows,
      (row) => [row.id, row.current_score, row.rank_all, row.rank_week, row.rank_month],
      'p',
      // "where true" lets SQLite tell the upsert's ON CONFLICT from a join's ON.
      (
        p,
      ) => sql`insert into photo_score_days (photo_id, day, score, rank_all, rank_week, rank_month)
        select p.photo_id, ${day}, p.score, p.rank_all, p.rank_week, p.rank_month from ${p}
        where true
        on conflict (photo_id, day) do update set score = excluded.score,
          rank_all = excluded.rank_all, rank_week = excluded.rank_week,
          rank_month = excluded.rank_month`,
    );
  }

  /**
   * Today's score of some photos, their recorded ranks kept: the incremental refit moves scores
   * between the full refits, which alone rank every photo (ADR 0029). A photo without a row
   * today gets one with no ranks (none recorded yet).
   */
  async recordDailyScoresOnly(
    rows: readonly Pick<DailyScoreRow, 'id' | 'current_score'>[],
    day: string,
  ): Promise<void> {
    await writeRows(
      this.db,
      [
        ['photo_id', 'integer'],
        ['score', 'integer'],
      ],
      rows,
      (row) => [row.id, row.current_score],
      'p',
      // "where true" lets SQLite tell the upsert's ON CONFLICT from a join's ON.
      (p) => sql`insert into photo_score_days (photo_id, day, score)
        select p.photo_id, ${day}, p.score from ${p}
        where true
        on conflict (photo_id, day) do update set score = excluded.score`,
    );
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
}
