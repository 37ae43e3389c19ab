import { z } from 'zod';
import { imageSchema } from './arena.js';
import { PERIOD_TYPES } from './constants.js';
import { placementSchema } from './arena.js';
import { idSchema, isoDateTimeSchema, periodDateSchema, periodTypeSchema } from './schemas.js';

/** A calendar day `YYYY-MM-DD` in the leaderboard's time zone. */
export const calendarDaySchema = z.iso.date();

/**
 * One row of a board (DESIGN §8). `id` is the photo's id. Ties share a rank (1, 2, 2, 4).
 * `rank_change` is the places gained since the previous day (negative: lost), null when the
 * photo had no rank on this board the day before. Provisional photos (定级中) with at least a few
 * comparisons are listed too, ranked by the low end of their range (`placement.score_low`).
 */
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  image: imageSchema,
  current_score: z.number().int(),
  comparisons: z.number().int(),
  owner_name: z.string(),
  rank_change: z.number().int().nullable(),
  /** True for the caller's own photos. */
  is_mine: z.boolean(),
  /** Still being placed (定级中): shown with its probable range, ordered by a cautious estimate. */
  provisional: z.boolean(),
  placement: placementSchema.nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  category_id: z.number().int(),
  /** The canonical period type (aliases such as `daily` are answered as `day`). */
  period_type: z.enum(PERIOD_TYPES),
  /** First and last calendar day of the period; null for `all`. */
  period_start: calendarDaySchema.nullable(),
  period_end: calendarDaySchema.nullable(),
  /** The period's bounds as instants (end exclusive); null for `all`. */
  starts_at: isoDateTimeSchema.nullable(),
  ends_at: isoDateTimeSchema.nullable(),
  /** A period that has ended is a frozen snapshot: its board never changes again. */
  frozen: z.boolean(),
  frozen_at: isoDateTimeSchema.nullable(),
  time_zone: z.string(),
  /**
   * The days `period_date` may name for this period type: from the period of the first photo
   * (never before 2000-01-01) to tomorrow in `time_zone`. Others are refused (40001).
   */
  earliest_date: calendarDaySchema,
  latest_date: calendarDaySchema,
  items: z.array(leaderboardEntrySchema),
  current_page: z.number().int(),
  page_size: z.number().int(),
  total_items: z.number().int(),
  total_pages: z.number().int(),
  /** The caller's best photo on this board with its rank, even when it is not on this page. */
  my_entry: leaderboardEntrySchema.nullable(),
  /** The page (at this page size) that holds `my_entry`, so a client can jump to it. */
  my_page: z.number().int().nullable(),
  /** When the board's data was last brought up to date (a live board is at most seconds old). */
  as_of: isoDateTimeSchema,
  /**
   * The day whose ranks `rank_change` is measured from (the latest refit record before today);
   * null when the board has no earlier day to compare with (a day board, a period's first day,
   * a new installation): then no entry's null `rank_change` means "new".
   */
  changes_since: calendarDaySchema.nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/**
 * `gen_share_image` (spec §7: token, file). Sent as JSON or multipart. `file` (multipart only)
 * features an uploaded image instead of the best photo. The optional fields choose which
 * photo and board the card shows; without them: the best photo on its category's running
 * all-time board.
 */
export const genShareImageRequestSchema = z.object({
  token: z.string().min(1).max(1024).nullish(),
  photo_id: idSchema.nullish(),
  period_type: periodTypeSchema.nullish(),
  /** A day inside a past period: the card then prints the photo's place on that frozen board. */
  period_date: periodDateSchema,
  lang: z.enum(['zh', 'en']).nullish(),
});

export const shareCardSchema = z.object({
  /** The PNG under /media/ (cached until the data behind it changes). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  photo_id: z.number().int(),
  category_id: z.number().int(),
  period_type: z.enum(PERIOD_TYPES),
  /** Null while the photo is still being placed (定级中) or off the board. */
  rank: z.number().int().nullable(),
  current_score: z.number().int(),
  /** The public link printed and encoded on the card; never carries a token. */
  share_url: z.string(),
});
export type ShareCard = z.infer<typeof shareCardSchema>;
