import type { z } from 'zod';
import { pairSchema, submitRatingResponseSchema, voteStatsSchema } from './arena.js';
import {
  beginPasskeyRegistrationResponseSchema,
  beginPasskeySignInResponseSchema,
  deletePasskeyRequestSchema,
  deletePasskeyResponseSchema,
  finishPasskeyRegistrationRequestSchema,
  finishPasskeyRegistrationResponseSchema,
  finishPasskeySignInRequestSchema,
  recoveryCodeSchema,
  recoveryCodeSessionSchema,
  signInMethodsSchema,
  signInWithRecoveryCodeRequestSchema,
} from './identity.js';
import { genShareImageRequestSchema, leaderboardSchema, shareCardSchema } from './leaderboard.js';
import {
  boostPhotoRequestSchema,
  boostPhotoResponseSchema,
  deleteAccountResponseSchema,
  deletePhotoResponseSchema,
  getPhotoNewsRequestSchema,
  getPhotoRequestSchema,
  photoNewsSchema,
  publicPhotoSchema,
  moderatePhotoRequestSchema,
  moderatePhotoResponseSchema,
  moderationQueueRequestSchema,
  moderationQueueResponseSchema,
  unbanUserRequestSchema,
  unbanUserResponseSchema,
  myPhotosPageSchema,
  photoHistoryRequestSchema,
  photoHistoryResponseSchema,
  submitReportResponseSchema,
  uploadPhotoResponseSchema,
} from './photos.js';
import {
  deletePhotoRequestSchema,
  emptyRequestSchema,
  getCategoriesResponseSchema,
  getLeaderboardRequestSchema,
  getMyPhotosRequestSchema,
  getPairRequestSchema,
  getUserInfoRequestSchema,
  getVoteStatsRequestSchema,
  loginByCookieRequestSchema,
  refreshSessionRequestSchema,
  sessionSchema,
  signOutResponseSchema,
  submitRatingRequestSchema,
  submitReportRequestSchema,
  uploadPhotoFieldsSchema,
  userInfoSchema,
} from './schemas.js';

/** Who may call: anyone, anyone (a session is used when present), or only a signed-in user. */
export type CallAuth = 'none' | 'optional' | 'required';
export type CallBody = 'json' | 'multipart' | 'json-or-multipart';

export interface CallDefinition {
  readonly path: `/api/${string}`;
  readonly summary: string;
  readonly auth: CallAuth;
  readonly body: CallBody;
  readonly request: z.ZodType;
  /** The `data` of a successful envelope. */
  readonly response: z.ZodType;
}

/**
 * Every call of spec §7 plus the calls DESIGN §3 implies, at exactly their paths and field
 * names. All are POST; the server routes every one of them (a test checks it).
 */
export const API = {
  get_categories: {
    path: '/api/get_categories',
    summary: 'List the active photo categories in display order.',
    auth: 'none',
    body: 'json',
    request: emptyRequestSchema,
    response: getCategoriesResponseSchema,
  },
  get_leaderboard: {
    path: '/api/get_leaderboard',
    summary: 'Rank the photos of a category for a period.',
    auth: 'optional',
    body: 'json',
    request: getLeaderboardRequestSchema,
    response: leaderboardSchema,
  },
  get_random_photos_for_rating: {
    path: '/api/get_random_photos_for_rating',
    summary: 'Serve the next pair of photos of a category to vote on.',
    auth: 'optional',
    body: 'json',
    request: getPairRequestSchema,
    response: pairSchema,
  },
  submit_photo_rating: {
    path: '/api/submit_photo_rating',
    summary: 'Vote for the more attractive photo of a served pair.',
    auth: 'optional',
    body: 'json',
    request: submitRatingRequestSchema,
    response: submitRatingResponseSchema,
  },
  submit_photo_report: {
    path: '/api/submit_photo_report',
    summary: 'Report a photo for review.',
    auth: 'optional',
    body: 'json',
    request: submitReportRequestSchema,
    response: submitReportResponseSchema,
  },
  get_user_vote_stats: {
    path: '/api/get_user_vote_stats',
    summary: 'Voting statistics, fuel, onboarding progress and achievements.',
    auth: 'optional',
    body: 'json',
    request: getVoteStatsRequestSchema,
    response: voteStatsSchema,
  },
  delete_photo: {
    path: '/api/delete_photo',
    summary: "Delete one of the signed-in user's photos for good.",
    auth: 'required',
    body: 'json',
    request: deletePhotoRequestSchema,
    response: deletePhotoResponseSchema,
  },
  login_by_cookie: {
    path: '/api/login_by_cookie',
    summary: 'Exchange a host credential (cookie) for a session.',
    auth: 'none',
    body: 'json',
    request: loginByCookieRequestSchema,
    response: sessionSchema,
  },
  get_user_info: {
    path: '/api/get_user_info',
    summary: 'The user of a token (the access-token header wins over the body).',
    auth: 'none',
    body: 'json',
    request: getUserInfoRequestSchema,
    response: userInfoSchema,
  },
  gen_share_image: {
    path: '/api/gen_share_image',
    summary: 'Render the rank share card of the signed-in user.',
    auth: 'optional',
    body: 'json-or-multipart',
    request: genShareImageRequestSchema,
    response: shareCardSchema,
  },
  refresh_session: {
    path: '/api/refresh_session',
    summary: 'Rotate a refresh token into a new session.',
    auth: 'none',
    body: 'json',
    request: refreshSessionRequestSchema,
    response: sessionSchema,
  },
  sign_out: {
    path: '/api/sign_out',
    summary: 'Revoke the current session.',
    auth: 'required',
    body: 'json',
    request: emptyRequestSchema,
    response: signOutResponseSchema,
  },
  get_sign_in_methods: {
    path: '/api/get_sign_in_methods',
    summary: 'How the signed-in user can come back: passkeys, recovery code, the host app.',
    auth: 'required',
    body: 'json',
    request: emptyRequestSchema,
    response: signInMethodsSchema,
  },
  begin_passkey_registration: {
    path: '/api/begin_passkey_registration',
    summary: 'Options for saving a passkey for the signed-in account (WebAuthn create).',
    auth: 'required',
    body: 'json',
    request: emptyRequestSchema,
    response: beginPasskeyRegistrationResponseSchema,
  },
  finish_passkey_registration: {
    path: '/api/finish_passkey_registration',
    summary: "Verify the authenticator's answer and save the passkey.",
    auth: 'required',
    body: 'json',
    request: finishPasskeyRegistrationRequestSchema,
    response: finishPasskeyRegistrationResponseSchema,
  },
  begin_passkey_sign_in: {
    path: '/api/begin_passkey_sign_in',
    summary: 'Options for signing in with a passkey (WebAuthn get, discoverable credentials).',
    auth: 'none',
    body: 'json',
    request: emptyRequestSchema,
    response: beginPasskeySignInResponseSchema,
  },
  finish_passkey_sign_in: {
    path: '/api/finish_passkey_sign_in',
    summary: "Verify a passkey's assertion and open a session for its account.",
    auth: 'none',
    body: 'json',
    request: finishPasskeySignInRequestSchema,
    response: sessionSchema,
  },
  delete_passkey: {
    path: '/api/delete_passkey',
    summary: 'Remove one of the signed-in user’s passkeys.',
    auth: 'required',
    body: 'json',
    request: deletePasskeyRequestSchema,
    response: deletePasskeyResponseSchema,
  },
  create_recovery_code: {
    path: '/api/create_recovery_code',
    summary: 'A new one-time recovery code for the signed-in account (replaces the old one).',
    auth: 'required',
    body: 'json',
    request: emptyRequestSchema,
    response: recoveryCodeSchema,
  },
  sign_in_with_recovery_code: {
    path: '/api/sign_in_with_recovery_code',
    summary: 'Spend a recovery code: a session for its account and the code that replaces it.',
    auth: 'none',
    body: 'json',
    request: signInWithRecoveryCodeRequestSchema,
    response: recoveryCodeSessionSchema,
  },
  upload_photo: {
    path: '/api/upload_photo',
    summary: 'Upload a photo (multipart: file, category_id).',
    auth: 'optional',
    body: 'multipart',
    request: uploadPhotoFieldsSchema,
    response: uploadPhotoResponseSchema,
  },
  get_my_photos: {
    path: '/api/get_my_photos',
    summary: "The signed-in user's photos, best first, paged.",
    auth: 'required',
    body: 'json',
    request: getMyPhotosRequestSchema,
    response: myPhotosPageSchema,
  },
  boost_photo: {
    path: '/api/boost_photo',
    summary: 'Spend fuel on boosted exposures for one of your active photos.',
    auth: 'required',
    body: 'json',
    request: boostPhotoRequestSchema,
    response: boostPhotoResponseSchema,
  },
  get_photo: {
    path: '/api/get_photo',
    summary: "One photo's public page: score, placement, rank, matches and win rate.",
    auth: 'optional',
    body: 'json',
    request: getPhotoRequestSchema,
    response: publicPhotoSchema,
  },
  get_photo_news: {
    path: '/api/get_photo_news',
    summary: "What happened to the signed-in user's photos since they last looked.",
    auth: 'required',
    body: 'json',
    request: getPhotoNewsRequestSchema,
    response: photoNewsSchema,
  },
  get_photo_history: {
    path: '/api/get_photo_history',
    summary: "Daily score points of one of the signed-in user's photos.",
    auth: 'required',
    body: 'json',
    request: photoHistoryRequestSchema,
    response: photoHistoryResponseSchema,
  },
  delete_account: {
    path: '/api/delete_account',
    summary: "Delete the signed-in user's account, photos, files and personal data for good.",
    auth: 'required',
    body: 'json',
    request: emptyRequestSchema,
    response: deleteAccountResponseSchema,
  },
  get_moderation_queue: {
    path: '/api/get_moderation_queue',
    summary: 'Reported photos awaiting review (moderators only).',
    auth: 'required',
    body: 'json',
    request: moderationQueueRequestSchema,
    response: moderationQueueResponseSchema,
  },
  moderate_photo: {
    path: '/api/moderate_photo',
    summary: 'Keep or remove a reported photo, or ban its uploader (moderators only).',
    auth: 'required',
    body: 'json',
    request: moderatePhotoRequestSchema,
    response: moderatePhotoResponseSchema,
  },
  unban_user: {
    path: '/api/unban_user',
    summary: 'Lift a ban and return the photos it took down (moderators only).',
    auth: 'required',
    body: 'json',
    request: unbanUserRequestSchema,
    response: unbanUserResponseSchema,
  },
} as const satisfies Record<string, CallDefinition>;

export type Api = typeof API;
export type CallName = keyof Api;

/** What a caller sends (before defaults and coercions). */
export type CallRequest<N extends CallName> = z.input<Api[N]['request']>;
/** What the server's handler receives (after validation). */
export type CallInput<N extends CallName> = z.output<Api[N]['request']>;
/** The `data` of a successful response. */
export type CallResponse<N extends CallName> = Api[N]['response'] extends z.ZodType
  ? z.output<Api[N]['response']>
  : never;

export const CALL_NAMES = Object.keys(API) as CallName[];
