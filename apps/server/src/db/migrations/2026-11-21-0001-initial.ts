import type { Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'users')
    .addColumn('nickname', 'text', (col) => col.notNull())
    .addColumn('avatar_url', 'text')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('host_user_id', 'text', (col) => col.unique())
    .addColumn('device_id', 'text')
    .addColumn('is_device_account', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_demo', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('fuel_balance', 'integer', (col) => col.notNull().defaultTo(50))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await createTableWithId(db, 'sessions')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('family_id', 'text', (col) => col.notNull())
    .addColumn('access_hash', 'text', (col) => col.notNull().unique())
    .addColumn('refresh_hash', 'text', (col) => col.notNull().unique())
    .addColumn('access_expires_at', 'bigint', (col) => col.notNull())
    .addColumn('refresh_expires_at', 'bigint', (col) => col.notNull())
    .addColumn('device_id', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_family_idx').on('sessions').column('family_id').execute();

  await db.schema
    .createTable('token_revocations')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await createTableWithId(db, 'categories')
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await createTableWithId(db, 'photos')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('current_score', 'integer', (col) => col.notNull().defaultTo(550))
    .addColumn('provisional', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('comparisons', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('wins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('placeholder', 'text', (col) => col.notNull())
    .addColumn('display_key', 'text', (col) => col.notNull())
    .addColumn('thumb_key', 'text', (col) => col.notNull())
    .addColumn('phash', 'text')
    .addColumn('is_demo', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('published_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('photos_category_state_score_idx')
    .on('photos')
    .columns(['category_id', 'state', 'current_score'])
    .execute();
  await db.schema
    .createIndex('photos_user_state_idx')
    .on('photos')
    .columns(['user_id', 'state'])
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_settings',
    'photos',
    'categories',
    'token_revocations',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
