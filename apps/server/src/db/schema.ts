import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are epoch milliseconds and flags are 0/1 integers so that SQLite and
 * PostgreSQL store and return exactly the same values (ADR 0003).
 */
export interface UsersTable {
  id: Generated<number>;
  nickname: string;
  avatar_url: string | null;
  role: 'user' | 'moderator' | 'admin';
  status: 'active' | 'banned';
  host_user_id: string | null;
  device_id: string | null;
  is_device_account: number;
  is_demo: number;
  fuel_balance: Generated<number>;
  created_at: number;
  updated_at: number;
  /** When the user last opened their photos' news; null: never. */
  news_seen_at: Generated<number | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  access_hash: string;
  refresh_hash: string;
  access_expires_at: number;
  refresh_expires_at: number;
  device_id: string | null;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
  revoked_reason: 'signed_out' | 'rotated' | 'reuse_detected' | 'account_deleted' | null;
}

export interface TokenRevocationsTable {
  token_hash: string;
  expires_at: number;
  created_at: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  name_en: string;
  sort_order: number;
  is_active: number;
  created_at: number;
  updated_at: number;
}

export type PhotoState = 'active' | 'hidden' | 'removed' | 'deleted';

export interface PhotosTable {
  id: Generated<number>;
  user_id: number;
  category_id: number;
  state: PhotoState;
  current_score: Generated<number>;
  provisional: Generated<number>;
  comparisons: Generated<number>;
  wins: Generated<number>;
  width: number;
  height: number;
  placeholder: string;
  display_key: string;
  /** Null on photos stored before the medium variant existed (migration 0006). */
  medium_key: string | null;
  thumb_key: string;
  phash: string | null;
  is_demo: number;
  created_at: number;
  published_at: number;
  updated_at: number;
  mu: Generated<number>;
  sigma2: Generated<number>;
  boost_remaining: Generated<number>;
  win_streak: Generated<number>;
  /** Why a moderator removed the photo (a report reason or their note). */
  state_reason: Generated<string | null>;
  /** When a vote finished its placement (定级); null: provisional, or placed before 2026-11-25. */
  placed_at: Generated<number | null>;
  /** When a vote used its last bought exposure; null: never. */
  boost_finished_at: Generated<number | null>;
  /** Exposures bought in the current (or last) boost run: delivered = bought − remaining. */
  boost_bought: Generated<number>;
  /** Where the run's delivery schedule starts (boost-delivery.ts); null: not paced. */
  boost_started_at: Generated<number | null>;
  /** Boosted exposures ever settled (comparisons organic pairing does not count). */
  boost_served: Generated<number>;
}

/**
 * The last fit's belief of a photo (ADR 0029), apart from the online moves of later votes: MAP
 * strength, Laplace precision, evidence precision (1/σ² as the fit shows it). No row: no fit saw
 * the photo yet. No vote writes it, so a refit rewrites it without locking the photo's row.
 */
export interface PhotoFitsTable {
  photo_id: number;
  fit_mu: number;
  fit_precision: number;
  fit_evidence: number;
  /** The day and score a refit last recorded in photo_score_days; null: none since this table. */
  recorded_day: string | null;
  recorded_score: number | null;
}

export interface ReportsTable {
  id: Generated<number>;
  photo_id: number;
  reporter_voter_id: number;
  reporter_user_id: number | null;
  reason: string;
  /** The reporter's own words when they were no known label (reason 'other'); null otherwise. */
  reason_text: Generated<string | null>;
  notes: string;
  created_at: number;
  resolved_at: number | null;
  /** The reporter's address; null once forgotten (30 days after review) or before 2026-11-24. */
  reporter_address: string | null;
  /** The reporter's neighbourhood (`neighbourhoodOf`); null on reports before 2026-11-24. */
  reporter_neighbourhood: string | null;
  /** The device id of an anonymous reporter; null for a signed-in one. */
  reporter_anonymous_id: string | null;
  /** 1 when the reporter had standing when reporting (domain/standing.ts). */
  with_standing: Generated<number>;
}

export interface ModerationLogTable {
  id: Generated<number>;
  photo_id: number;
  moderator_id: number | null;
  decision: 'keep' | 'remove' | 'ban' | 'auto_hide' | 'unban';
  reason: string | null;
  created_at: number;
}

export interface PhotoScoreDaysTable {
  photo_id: number;
  day: string;
  score: number;
  /** The photo's rank on its category's boards at that refit; null when not on the board. */
  rank_all: Generated<number | null>;
  rank_week: Generated<number | null>;
  rank_month: Generated<number | null>;
}

export interface LeaderboardSnapshotsTable {
  id: Generated<number>;
  category_id: number;
  period_type: 'day' | 'week' | 'month';
  /** The period's first day, `YYYY-MM-DD` in TZ_LEADERBOARD. */
  period_start: string;
  entries: number;
  frozen_at: number;
  /** 0 while its entries are being written (ADR 0010's amendment): no reader sees it then. */
  complete: Generated<number>;
}

export interface LeaderboardSnapshotEntriesTable {
  snapshot_id: number;
  /** 1-based place in the frozen order (score, then photo id). */
  position: number;
  photo_id: number;
  rank: number;
  score: number;
  comparisons: number;
  rank_change: number | null;
  /** A provisional photo's range and matches still needed when frozen; null: established. */
  score_low: Generated<number | null>;
  score_high: Generated<number | null>;
  matches_to_place: Generated<number | null>;
}

export interface VotersTable {
  id: Generated<number>;
  voter_key: string;
  user_id: number | null;
  merged_into: number | null;
  fuel_balance: Generated<number>;
  total_votes: Generated<number>;
  left_votes: Generated<number>;
  right_votes: Generated<number>;
  fast_votes: Generated<number>;
  gold_passed: Generated<number>;
  gold_failed: Generated<number>;
  refit_weight: number | null;
  reliability: number | null;
  /** Earned trust in [0, 1] from the last refit; null before it (the prior applies). */
  trust: number | null;
  day: string | null;
  day_votes: Generated<number>;
  day_fuel: Generated<number>;
  streak_days: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type PairKindColumn = 'info' | 'random' | 'gold' | 'placement' | 'boost' | 'invited';

export interface ServedPairsTable {
  id: string;
  voter_id: number;
  anonymous_id: string;
  user_id: number | null;
  category_id: number;
  left_photo_id: number;
  right_photo_id: number;
  photo_lo: number;
  photo_hi: number;
  kind: PairKindColumn;
  boosted_photo_id: number | null;
  gold_expected_winner_id: number | null;
  /** The photo a "来比一比" pair was asked for (kind 'invited'); null otherwise. */
  invited_photo_id: number | null;
  served_at: number;
  expires_at: number;
  vote_id: number | null;
}

export interface VotesTable {
  id: Generated<number>;
  pair_id: string;
  category_id: number;
  voter_id: number;
  user_id: number | null;
  winner_photo_id: number;
  loser_photo_id: number;
  photo_lo: number;
  photo_hi: number;
  side: 'left' | 'right';
  kind: PairKindColumn;
  dwell_ms: number;
  weight: number;
  gold: 'passed' | 'failed' | null;
  fuel_earned: number;
  /** The scores revealed with the vote, so a repeated submission gets the same answer. */
  winner_score_before: number;
  winner_score_after: number;
  loser_score_before: number;
  loser_score_after: number;
  /** 32-bit hash of the network neighbourhood the vote came from; null: unknown (old, demo). */
  net: number | null;
  created_at: number;
}

export interface FuelLedgerTable {
  id: Generated<number>;
  user_id: number | null;
  voter_id: number | null;
  amount: number;
  reason: 'welcome' | 'vote' | 'boost' | 'merge' | 'refund';
  ref: string | null;
  created_at: number;
}

export interface VoterAchievementsTable {
  voter_id: number;
  key: string;
  unlocked_at: number;
  announced_at: number | null;
}

export interface CategoryReferencesTable {
  category_id: number;
  photo_id: number;
}

/** Small key-value facts about the installation (for example whether demo data was removed). */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** An anonymous id and the hash of the device secret it is bound to (ADR 0022). */
export interface DeviceBindingsTable {
  anonymous_id: string;
  secret_hash: string;
  /** The network neighbourhood (domain/network.ts) it was first seen from. */
  neighbourhood: string;
  /** SHA-256 of the x-session-id header of first sight, if any. */
  session_hash: string | null;
  created_at: number;
}

/** An account's WebAuthn user handle (ADR 0026). */
export interface PasskeyUsersTable {
  user_id: number;
  /** base64url of 32 random bytes: what an authenticator returns as `userHandle`. */
  user_handle: string;
  created_at: number;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser reports it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of transports, as the browser reported them at registration. */
  transports: string | null;
  name: string;
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
}

export type CeremonyKind = 'registration' | 'sign_in';

/** A single-use WebAuthn challenge (ADR 0026). */
export interface AuthCeremoniesTable {
  id: string;
  kind: CeremonyKind;
  /** The registering user; null for a sign-in. */
  user_id: number | null;
  challenge: string;
  expires_at: number;
  created_at: number;
}

export interface RecoveryCodesTable {
  user_id: number;
  /** The code's first two groups, as is (unique). */
  lookup_id: string;
  /** `scrypt$N$r$p$salt$hash` of the secret part (ADR 0026). */
  secret_hash: string;
  created_at: number;
}

/** The photos an incremental refit wrote (ADR 0029), for every process to read them again. */
export interface RefitIncrementsTable {
  id: Generated<number>;
  category_id: number;
  /** Their ids, ascending, as a JSON array. */
  photo_ids: string;
  created_at: number;
}

/**
 * An incremental refit's fit states and history scores (ADR 0029), committed with its fit mark and
 * folded into photo_fits and photo_score_days after (workers/fit-delta.ts).
 */
export interface FitDeltasTable {
  id: Generated<number>;
  category_id: number;
  /** The day the scores were taken on, in the refit's time zone. */
  day: string;
  /** workers/fit-delta.ts's encoding. */
  states: Uint8Array;
  created_at: number;
}

export interface Database {
  app_settings: AppSettingsTable;
  fit_deltas: FitDeltasTable;
  refit_increments: RefitIncrementsTable;
  voters: VotersTable;
  served_pairs: ServedPairsTable;
  votes: VotesTable;
  fuel_ledger: FuelLedgerTable;
  voter_achievements: VoterAchievementsTable;
  category_references: CategoryReferencesTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
  photo_score_days: PhotoScoreDaysTable;
  leaderboard_snapshots: LeaderboardSnapshotsTable;
  leaderboard_snapshot_entries: LeaderboardSnapshotEntriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  token_revocations: TokenRevocationsTable;
  categories: CategoriesTable;
  photos: PhotosTable;
  photo_fits: PhotoFitsTable;
  device_bindings: DeviceBindingsTable;
  passkey_users: PasskeyUsersTable;
  passkeys: PasskeysTable;
  auth_ceremonies: AuthCeremoniesTable;
  recovery_codes: RecoveryCodesTable;
}

export type UserRow = Selectable<UsersTable>;
export type DeviceBindingRow = Selectable<DeviceBindingsTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type AuthCeremonyRow = Selectable<AuthCeremoniesTable>;
export type RecoveryCodeRow = Selectable<RecoveryCodesTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type PhotoFitRow = Selectable<PhotoFitsTable>;
export type NewPhoto = Insertable<PhotosTable>;
export type NewVote = Insertable<VotesTable>;
export type PhotoUpdate = Updateable<PhotosTable>;
export type VoterRow = Selectable<VotersTable>;
export type ServedPairRow = Selectable<ServedPairsTable>;
export type VoteRow = Selectable<VotesTable>;
