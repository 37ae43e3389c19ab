import { z } from 'zod';
import { imageSchema } from './arena.js';
import { isoDateTimeSchema, sessionSchema } from './schemas.js';

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
  created_at: isoDateTimeSchema,
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
