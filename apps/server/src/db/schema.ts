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
  thumb_key: string;
  phash: string | null;
  is_demo: number;
  created_at: number;
  published_at: number;
  updated_at: number;
}

/** Small key-value facts about the installation (for example whether demo data was removed). */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface Database {
  app_settings: AppSettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  token_revocations: TokenRevocationsTable;
  categories: CategoriesTable;
  photos: PhotosTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type NewPhoto = Insertable<PhotosTable>;
export type PhotoUpdate = Updateable<PhotosTable>;
