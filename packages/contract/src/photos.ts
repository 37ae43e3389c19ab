import { z } from 'zod';
import { imageSchema, placementSchema } from './arena.js';
import { idSchema, isoDateTimeSchema, sessionSchema, typedLineSchema } from './schemas.js';

export const PHOTO_STATES = ['active', 'hidden', 'removed'] as const;
export type PhotoState = (typeof PHOTO_STATES)[number];

/** One of the signed-in user's photos, as the profile shows it (spec §3: id, current_score). */
export const myPhotoSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  current_score: z.number().int(),
  provisional: z.boolean(),
  comparisons: z.number().int(),
  wins: z.number().int(),
  image: imageSchema,
  /** active: in the arena; hidden: reported, pending review; removed: taken down by a moderator. */
  state: z.enum(PHOTO_STATES),
  /** Why a photo was removed (a report reason), null otherwise. */
  state_reason: z.string().nullable(),
  boost_remaining: z.number().int(),
  /**
   * Boosted exposures served of the current (or last) boost: the owner sees "已曝光 N / M" with
   * M = boost_delivered + boost_remaining. A boost is paced over about a day (ADR 0007).
   */
  boost_delivered: z.number().int(),
  created_at: isoDateTimeSchema,
  /** Its place on its category's all-time board; null while it is not on that board. */
  rank: z.number().int().nullable(),
  placement: placementSchema.nullable(),
});
export type MyPhoto = z.infer<typeof myPhotoSchema>;

/** Spec §3: the photo list for the user, best first. */
export const myPhotosPageSchema = z.object({
  photos: z.array(myPhotoSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_photos: z.number().int(),
});
export type MyPhotosPage = z.infer<typeof myPhotosPageSchema>;

/**
 * An upload's answer: the new photo and, when the upload created a device account (no session
 * was sent), that account's session fields (`token`, `refresh_token`, `userInfo`, expiries).
 */
export const uploadPhotoResponseSchema = z
  .object({ photo: myPhotoSchema })
  .extend(sessionSchema.partial().shape);
export type UploadPhotoResponse = z.infer<typeof uploadPhotoResponseSchema>;

/** `get_photo`: one photo's public page (`/p/<id>`). Anyone may ask; only active photos answer
 * (an owner also sees their own hidden or removed photo). */
export const getPhotoRequestSchema = z.object({ photo_id: idSchema });
export const publicPhotoSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  image: imageSchema,
  current_score: z.number().int(),
  provisional: z.boolean(),
  placement: placementSchema.nullable(),
  /** Its place on its category's all-time board and how many photos that board lists. */
  rank: z.number().int().nullable(),
  board_total: z.number().int(),
  comparisons: z.number().int(),
  wins: z.number().int(),
  owner_name: z.string(),
  is_mine: z.boolean(),
  state: z.enum(PHOTO_STATES),
  created_at: isoDateTimeSchema,
});
export type PublicPhoto = z.infer<typeof publicPhotoSchema>;

/**
 * `get_photo_news`: what happened to the caller's photos since they last looked (the inbox on
 * the profile). One item per photo with news, newest first. `mark_seen` moves "last looked" to
 * now after answering (the profile sends it on open; the app's start does not).
 */
export const getPhotoNewsRequestSchema = z.object({ mark_seen: z.boolean().default(false) });
export const REPORT_DECISIONS = ['kept', 'removed'] as const;
export const photoNewsItemSchema = z.object({
  photo_id: z.number().int(),
  category_id: z.number().int(),
  image: imageSchema,
  wins: z.number().int(),
  losses: z.number().int(),
  score_before: z.number().int(),
  score_after: z.number().int(),
  rank_before: z.number().int().nullable(),
  rank_after: z.number().int().nullable(),
  /** Its placement (定级) finished in this span. */
  placed: z.boolean(),
  /** A moderator's decision on a report against it, made in this span. */
  report_decision: z.enum(REPORT_DECISIONS).nullable(),
  /** Its bought exposures ran out in this span. */
  boost_finished: z.boolean(),
  /** The latest event of this item. */
  at: isoDateTimeSchema,
});
export type PhotoNewsItem = z.infer<typeof photoNewsItemSchema>;
export const photoNewsSchema = z.object({
  /** When the caller last looked (null: never; the news then covers the last 7 days). */
  since: isoDateTimeSchema.nullable(),
  /** How many items are new since `since` (the badge on 我的). */
  unseen: z.number().int(),
  items: z.array(photoNewsItemSchema),
});
export type PhotoNews = z.infer<typeof photoNewsSchema>;

export const deletePhotoResponseSchema = z.object({
  photo_id: z.number().int(),
  deleted: z.literal(true),
});

export const boostPhotoRequestSchema = z.object({
  photo_id: z.number().int().positive(),
  exposures: z.number().int().min(1).max(1000),
  user_id: z.union([z.number(), z.string()]).nullish(),
});
export const boostPhotoResponseSchema = z.object({
  photo_id: z.number().int(),
  boost_remaining: z.number().int(),
  /** Exposures of this boost already served (a top-up continues the boost under way). */
  boost_delivered: z.number().int(),
  cost: z.number().int(),
  fuel: z.number().int(),
});

export const photoHistoryRequestSchema = z.object({ photo_id: z.number().int().positive() });
/** Daily score points (hundredths) of one of the user's photos, oldest first. */
export const photoHistoryResponseSchema = z.object({
  photo_id: z.number().int(),
  points: z.array(z.object({ date: z.iso.date(), score: z.number().int() })),
});

export const submitReportResponseSchema = z.object({
  report_id: z.number().int(),
  photo_id: z.number().int(),
});

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

export const MODERATION_DECISIONS = ['keep', 'remove', 'ban'] as const;
export const moderationQueueRequestSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
});
/** One open report: who reported from where, and whether it counted towards hiding. */
export const moderationReportSchema = z.object({
  report_id: z.number().int(),
  /** The signed-in reporter; null for an anonymous one (or an account deleted since). */
  reporter_user_id: z.number().int().nullable(),
  /** The anonymous reporter's device id; null for a signed-in one. */
  reporter_anonymous_id: z.string().nullable(),
  /** The reporter's network neighbourhood: `v4:a.b.c` (a /24) or `v6:…` (a /64). */
  neighbourhood: z.string().nullable(),
  /** The reporter's address; null 30 days after the review (personal data, ADR 0023). */
  address: z.string().nullable(),
  /** Whether the reporter had standing: only such reports hide a photo before review. */
  with_standing: z.boolean(),
  /** One of REPORT_REASONS ('other' when a host client's words were no known label). */
  reason: z.string(),
  /** Those words (trimmed, at most REPORT_REASON_TEXT_MAX characters); null for a known label. */
  reason_text: z.string().nullable(),
  notes: z.string(),
  created_at: isoDateTimeSchema,
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;
export const moderationQueueItemSchema = z.object({
  photo_id: z.number().int(),
  owner_id: z.number().int(),
  owner_name: z.string(),
  state: z.enum(PHOTO_STATES),
  image: imageSchema,
  report_count: z.number().int(),
  /** Distinct reporters, anonymous ones without standing counted once per address. */
  voices: z.number().int(),
  /** Distinct neighbourhoods of the reports made with standing. */
  standing_neighbourhoods: z.number().int(),
  /** Neighbourhoods with standing that hide this photo now (grows with its comparisons). */
  hide_threshold: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  notes: z.array(z.string()),
  /** The open reports, those with standing first, then oldest first. */
  reports: z.array(moderationReportSchema),
  first_reported_at: isoDateTimeSchema,
});
export const moderationQueueResponseSchema = z.object({
  items: z.array(moderationQueueItemSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_items: z.number().int(),
});
export const moderatePhotoRequestSchema = z.object({
  photo_id: z.number().int().positive(),
  decision: z.enum(MODERATION_DECISIONS),
  reason: typedLineSchema(200).nullish(),
});
/** Lifts a ban; the field is not `user_id`, which always means the caller (DESIGN §3). */
export const unbanUserRequestSchema = z.object({
  target_user_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: typedLineSchema(200).nullish(),
});
export const unbanUserResponseSchema = z.object({
  user_id: z.number().int(),
  status: z.literal('active'),
  /** The photos the ban had taken down, back in the arena. */
  restored_photo_ids: z.array(z.number().int()),
});
export const moderatePhotoResponseSchema = z.object({
  photo_id: z.number().int(),
  state: z.enum([...PHOTO_STATES, 'deleted']),
  owner_banned: z.boolean(),
});
