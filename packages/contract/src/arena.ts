import { z } from 'zod';
import { isoDateTimeSchema } from './schemas.js';

/**
 * A processed image: the display variant (`url`, `width` x `height`), a medium one, a thumbnail
 * and a tiny placeholder painted first (sizes in PHOTO_VARIANT_SIZES).
 */
export const imageSchema = z.object({
  url: z.string(),
  /** Null for a photo stored before the medium variant existed: `url` stands in for it. */
  medium_url: z.string().nullable(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string(),
});
export type Image = z.infer<typeof imageSchema>;

/** One side of a served pair. No score: voting is blind until the vote is in. */
export const photoCardSchema = z.object({
  id: z.number().int(),
  image: imageSchema,
  is_boosted: z.boolean(),
});
export type PhotoCard = z.infer<typeof photoCardSchema>;

export const pairSchema = z.object({
  pair_id: z.string(),
  category_id: z.number().int(),
  photos: z.tuple([photoCardSchema, photoCardSchema]),
  expires_at: isoDateTimeSchema,
});
export type Pair = z.infer<typeof pairSchema>;

/**
 * Where a provisional photo stands while it is being placed (定级中), from the engine's own
 * uncertainty: about how many more matches until its score is established, and the range its
 * score probably lies in (hundredths, 95%). Null once the photo is established.
 */
export const placementSchema = z.object({
  matches_to_place: z.number().int(),
  score_low: z.number().int(),
  score_high: z.number().int(),
});
export type Placement = z.infer<typeof placementSchema>;

/** A photo's score revealed after the vote (hundredths, spec §3). */
export const revealedScoreSchema = z.object({
  id: z.number().int(),
  current_score: z.number().int(),
  previous_score: z.number().int(),
  provisional: z.boolean(),
  /** While provisional, the range the score probably lies in (issue 18); null once placed. */
  placement: placementSchema.nullable(),
});
export type RevealedScore = z.infer<typeof revealedScoreSchema>;

export const achievementSchema = z.object({
  key: z.string(),
  icon: z.string(),
  title: z.string(),
  title_en: z.string(),
  description: z.string(),
  description_en: z.string(),
  unlocked_at: isoDateTimeSchema.nullable(),
  /** How far a locked achievement has come (e.g. 37 of 100 votes); null when unlocked or
   *  when it has no count to show. */
  progress: z.object({ current: z.number().int(), target: z.number().int() }).nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const onboardingSchema = z.object({
  votes: z.number().int(),
  required: z.number().int(),
  unlocked: z.boolean(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const submitRatingResponseSchema = z.object({
  /** True when this exact vote had been recorded before: nothing was counted twice. */
  already_recorded: z.boolean(),
  winner: revealedScoreSchema,
  loser: revealedScoreSchema,
  fuel_earned: z.number().int(),
  fuel: z.number().int(),
  achievements: z.array(achievementSchema),
  onboarding: onboardingSchema.extend({ just_unlocked: z.boolean() }),
});
export type SubmitRatingResponse = z.infer<typeof submitRatingResponseSchema>;

export const voteStatsSchema = z.object({
  total_votes: z.number().int(),
  today_votes: z.number().int(),
  fuel: z.number().int(),
  fuel_earned_today: z.number().int(),
  fuel_daily_cap: z.number().int(),
  onboarding: onboardingSchema,
  streak_days: z.number().int(),
  /** Every achievement, unlocked ones with their time, locked ones with null. */
  achievements: z.array(achievementSchema),
});
export type VoteStats = z.infer<typeof voteStatsSchema>;
