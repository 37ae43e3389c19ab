import { z } from 'zod';
import {
  LEADERBOARD_DEFAULT_PAGE,
  LEADERBOARD_DEFAULT_PAGE_SIZE,
  LEADERBOARD_MAX_PAGE_SIZE,
  MY_PHOTOS_DEFAULT_PAGE_SIZE,
  REPORT_DEFAULT_NOTES,
  REPORT_REASON_MAX_INPUT,
  isPlaceholderUserId,
  PERIOD_TYPE_ALIASES,
  PERIOD_TYPES,
  type PeriodType,
} from './constants.js';

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** An entity id: a positive integer, also accepted as a string of digits ("1", spec §5). */
export const idSchema = z.union([
  z.number().int().positive().max(MAX_ID),
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'expected a positive integer id')
    .transform(Number),
]);

/**
 * A body user id the client may send; never trusted for authority (DESIGN §3). Null, absent, ''
 * and the spec client's placeholder ('1', or 1: `isPlaceholderUserId`) mean "the caller" (null).
 */
export const bodyUserIdSchema = z
  .union([idSchema, z.literal('')])
  .nullish()
  .transform((value) =>
    value === '' || value == null || isPlaceholderUserId(value) ? null : value,
  );

/** A positive integer that may also arrive as a string of digits. */
function intLike(min: number, max: number) {
  return z.union([
    z.number().int().min(min).max(max),
    z
      .string()
      .regex(/^\d{1,9}$/, 'expected an integer')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max)),
  ]);
}

/** The visitor's device id (spec §3: "web-" + GUID) used as the anonymous id. */
export const anonymousIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\w.:-]+$/, 'expected letters, digits, "-", "_", "." or ":"');

/**
 * Text a person typed, as the database can keep it: control characters other than tab and line
 * breaks are dropped (PostgreSQL text cannot hold a NUL, which once made a 500), at most `max`
 * characters as sent.
 */
export function typedTextSchema(max: number) {
  return z
    .string()
    .max(max)
    .transform((text) => text.replace(/(?![\t\n\r])\p{Cc}/gu, ''));
}

/** `typedTextSchema`, trimmed: a name or a one-line reason. */
export function typedLineSchema(max: number) {
  return typedTextSchema(max).transform((text) => text.trim());
}

export const isoDateTimeSchema = z.iso.datetime();

// ---------------------------------------------------------------------------------------------
// Entities

export const userRoleSchema = z.enum(['user', 'moderator', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

/** The userInfo object spread into the client's User (spec §3). */
export const userInfoSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar_url: z.string().nullable(),
  fuel: z.number().int(),
  role: userRoleSchema,
  is_device_account: z.boolean(),
  created_at: isoDateTimeSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** A signed-in session as returned by login, refresh and the first upload of a device. */
export const sessionSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  expires_at: isoDateTimeSchema,
  refresh_expires_at: isoDateTimeSchema,
  userInfo: userInfoSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  name_en: z.string(),
  sort_order: z.number().int(),
  photo_count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

// ---------------------------------------------------------------------------------------------
// Requests (spec §7; field names exactly as the spec's client sends them)

export const emptyRequestSchema = z.object({});

export const periodTypeSchema = z
  .enum([...PERIOD_TYPES, 'daily', 'weekly', 'monthly', 'total'])
  .transform((value) =>
    value in PERIOD_TYPE_ALIASES
      ? PERIOD_TYPE_ALIASES[value as keyof typeof PERIOD_TYPE_ALIASES]
      : (value as PeriodType),
  );

/** Any day inside a period (`YYYY-MM-DD`); null or empty for the running period. */
export const periodDateSchema = z
  .union([z.iso.date(), z.literal('')])
  .nullish()
  .transform((value) => (value ? value : null));

export const getLeaderboardRequestSchema = z.object({
  category_id: idSchema,
  period_type: periodTypeSchema.default('day'),
  period_date: periodDateSchema,
  page: intLike(1, 100_000).default(LEADERBOARD_DEFAULT_PAGE),
  page_size: intLike(1, LEADERBOARD_MAX_PAGE_SIZE).default(LEADERBOARD_DEFAULT_PAGE_SIZE),
});

export const getPairRequestSchema = z.object({
  category_id: idSchema,
  anonymous_id: anonymousIdSchema,
  user_id: bodyUserIdSchema,
  /** "来比一比" from a photo's page: put this active photo of the category in the pair (honoured
   *  once per photo per voter per day; otherwise, or when not in the category, ignored). */
  with_photo_id: idSchema.nullish(),
});

export const submitRatingRequestSchema = z.object({
  winner_photo_id: idSchema,
  loser_photo_id: idSchema,
  anonymous_id: anonymousIdSchema,
  boosted_photo_id: idSchema.nullish(),
  user_id: bodyUserIdSchema,
  pair_id: z.string().min(1).max(128).nullish(),
});

/**
 * A report's reason: one of REPORT_REASONS from our client, or a host client's own words (a
 * label in Chinese or English, or free text) which the server maps to the fixed list (DESIGN
 * §3). Runs of spaces and control characters count as one space; empty is refused.
 */
export const reportReasonSchema = z
  .string()
  .max(REPORT_REASON_MAX_INPUT)
  .transform((text) => text.replace(/[\p{Cc}\s]+/gu, ' ').trim())
  .pipe(z.string().min(1));

export const submitReportRequestSchema = z.object({
  photo_id: idSchema,
  reason: reportReasonSchema,
  notes: typedTextSchema(500).default(REPORT_DEFAULT_NOTES),
  // The spec client always sends the placeholder '1' (spec §5): it means the caller (DESIGN §3).
  user_id: bodyUserIdSchema,
});

export const getVoteStatsRequestSchema = z.object({
  user_id: bodyUserIdSchema,
  anonymous_id: anonymousIdSchema.nullish(),
});

export const deletePhotoRequestSchema = z.object({
  photo_id: idSchema,
  user_id: bodyUserIdSchema,
});

export const loginByCookieRequestSchema = z.object({
  cookie: z.string().min(1).max(4096),
});

export const getUserInfoRequestSchema = z.object({
  token: z.string().min(1).max(1024).nullish(),
});

export const refreshSessionRequestSchema = z.object({
  refresh_token: z.string().min(1).max(1024),
});

export const uploadPhotoFieldsSchema = z.object({
  category_id: idSchema,
  /**
   * The uploader's device id when no device-id header is sent; a device account the upload
   * creates records it. Taken as the header is (trimmed, cut to 128 characters, '' is none),
   * not as strictly as the arena's anonymous_id.
   */
  anonymous_id: z
    .string()
    .nullish()
    .transform((id) => id?.trim().slice(0, 128) || null),
});

export const getMyPhotosRequestSchema = z.object({
  page: intLike(1, 100_000).default(1),
  page_size: intLike(1, 100).default(MY_PHOTOS_DEFAULT_PAGE_SIZE),
});

// ---------------------------------------------------------------------------------------------
// Response data

export const getCategoriesResponseSchema = z.array(categorySchema);
export const signOutResponseSchema = z.object({ signed_out: z.literal(true) });
