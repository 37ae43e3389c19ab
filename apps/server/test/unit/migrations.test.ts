import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDown, migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { CategoryRepository } from '../../src/repositories/category.repository.js';
import { SessionRepository } from '../../src/repositories/session.repository.js';
import { SettingsRepository } from '../../src/repositories/settings.repository.js';
import { createStore } from '../../src/repositories/store.js';
import { IdentityService } from '../../src/services/identity.service.js';
import {
  createMigratedTestDatabase,
  createTestDatabase,
  dialects,
  makeTempDir,
  type TestDatabase,
} from '../support/database.js';

const NOW = Date.UTC(2026, 10, 21);

describe.each(dialects)('migrations and repositories on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.drop());

  async function migrated() {
    database = await createMigratedTestDatabase(dialect);
    return database.handle.db;
  }

  it('migrates up from empty, is idempotent, and migrates down again', async () => {
    database = await createTestDatabase(dialect, makeTempDir());
    const db = database.handle.db;
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
    // Introspection sees only this test's schema on PostgreSQL (db/pg-introspector.ts).
    const ownTables = async () =>
      (await db.introspection.getTables()).map((table) => table.name).sort();
    const tables = await ownTables();
    expect(tables).toEqual([
      'app_settings',
      'auth_ceremonies',
      'categories',
      'category_references',
      'device_bindings',
      'fit_deltas',
      'fuel_ledger',
      'leaderboard_snapshot_entries',
      'leaderboard_snapshots',
      'moderation_log',
      'passkey_users',
      'passkeys',
      'photo_fits',
      'photo_score_days',
      'photos',
      'recovery_codes',
      'refit_increments',
      'reports',
      'served_pairs',
      'sessions',
      'token_revocations',
      'users',
      'voter_achievements',
      'voters',
      'votes',
    ]);
    for (let step = 0; step < Object.keys(migrations).length; step += 1) await migrateDown(db);
    expect(await ownTables()).toEqual([]);
  });

  it.runIf(dialect === 'postgres')(
    'keeps a fifth of each page free in the tables a refit rewrites, for heap-only updates',
    async () => {
      const db = await migrated();
      const { rows } = await sql<{ table: string; options: string[] | null }>`
        select relname as table, reloptions as options from pg_class
        where relnamespace = current_schema()::regnamespace
          and relname in ('photo_fits', 'photos', 'photo_score_days', 'voters')
        order by relname`.execute(db);
      expect(rows).toEqual([
        { table: 'photo_fits', options: ['fillfactor=80'] },
        { table: 'photo_score_days', options: ['fillfactor=80'] },
        { table: 'photos', options: ['fillfactor=80'] },
        { table: 'voters', options: ['fillfactor=80'] },
      ]);
    },
  );

  it.runIf(dialect === 'postgres')(
    "stores an increment's packed fit states out of line without trying to compress them",
    async () => {
      const db = await migrated();
      const { rows } = await sql<{ storage: string }>`
        select attstorage as storage from pg_attribute
        where attrelid = 'fit_deltas'::regclass and attname = 'states'`.execute(db);
      expect(rows).toEqual([{ storage: 'e' }]);
    },
  );

  it('returns timestamps and flags as numbers on both dialects', async () => {
    const db = await migrated();
    const users = new IdentityService(createStore(db));
    const user = await users.findOrCreateHostUser('host-1', 'A', NOW);
    expect(user).toMatchObject({
      created_at: NOW,
      fuel_balance: 50,
      is_demo: 0,
      role: 'user',
      status: 'active',
    });
    expect(typeof user.id).toBe('number');
  });

  it('creates a host user once even when first requests race', async () => {
    const db = await migrated();
    const users = new IdentityService(createStore(db));
    const created = await Promise.all(
      Array.from({ length: 8 }, () => users.findOrCreateHostUser('host-race', 'R', NOW)),
    );
    expect(new Set(created.map((user) => user.id)).size).toBe(1);
    const count = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('revokes a session exactly once under concurrency', async () => {
    const db = await migrated();
    const user = await new IdentityService(createStore(db)).findOrCreateHostUser('h', 'H', NOW);
    const sessions = new SessionRepository(db);
    const session = await sessions.create({
      user_id: user.id,
      family_id: 'f',
      access_hash: 'a',
      refresh_hash: 'r',
      access_expires_at: NOW + 1,
      refresh_expires_at: NOW + 2,
      device_id: null,
      created_at: NOW,
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => sessions.revoke(session.id, 'rotated', NOW)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('upserts categories by slug and never reuses a deleted id', async () => {
    const db = await migrated();
    const categories = new CategoryRepository(db);
    const first = await categories.upsert(
      { slug: 'a', name: 'A', name_en: 'A', sort_order: 1 },
      NOW,
    );
    const renamed = await categories.upsert(
      { slug: 'a', name: 'A2', name_en: 'A2', sort_order: 5 },
      NOW,
    );
    expect(renamed).toMatchObject({ id: first.id, name: 'A2', sort_order: 5 });
    const second = await categories.upsert(
      { slug: 'b', name: 'B', name_en: 'B', sort_order: 2 },
      NOW,
    );
    await db.deleteFrom('categories').where('id', '=', second.id).execute();
    const third = await categories.upsert(
      { slug: 'c', name: 'C', name_en: 'C', sort_order: 3 },
      NOW,
    );
    expect(third.id).toBeGreaterThan(second.id);
  });

  it("moves the photos' fit states into photo_fits, which a photo takes with it when it goes", async () => {
    database = await createTestDatabase(dialect, makeTempDir());
    const { db } = database.handle;
    await migrateTo(db, '2026-11-29-0040-leaver-indexes');
    const user = await new IdentityService(createStore(db)).findOrCreateHostUser('fit', 'F', NOW);
    const category = await new CategoryRepository(db).upsert(
      { slug: 'fits', name: '拟合', name_en: 'Fits', sort_order: 1 },
      NOW,
    );
    // Two photos as they stood before 0050: one fitted, one no fit has seen yet.
    for (const fit of [[0.75, 41.5, 38.25], null]) {
      await sql`insert into photos (user_id, category_id, state, width, height, placeholder,
          display_key, thumb_key, is_demo, created_at, published_at, updated_at,
          fit_mu, fit_precision, fit_evidence)
        values (${user.id}, ${category.id}, 'active', 720, 960, 'data:,', 'k', 't', 0, ${NOW},
          ${NOW}, ${NOW}, ${fit?.[0] ?? null}, ${fit?.[1] ?? null}, ${fit?.[2] ?? null})`.execute(
        db,
      );
    }
    await migrateToLatest(db);
    const photos = await db.selectFrom('photos').select('id').orderBy('id').execute();
    expect(photos).toHaveLength(2);
    expect(await db.selectFrom('photo_fits').selectAll().execute()).toEqual([
      {
        photo_id: photos[0]?.id,
        fit_mu: 0.75,
        fit_precision: 41.5,
        fit_evidence: 38.25,
        recorded_day: null,
        recorded_score: null,
      },
    ]);
    const columns = await sql`select * from photos`.execute(db);
    expect(Object.keys(columns.rows[0] ?? {})).not.toContain('fit_mu');
    // An account's deletion takes its photos, and their fit states with them.
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await db.selectFrom('photo_fits').selectAll().execute()).toEqual([]);
  });

  it('cascades a user deletion to their sessions and keeps settings', async () => {
    const db = await migrated();
    const user = await new IdentityService(createStore(db)).findOrCreateHostUser('gone', 'G', NOW);
    await new SessionRepository(db).create({
      user_id: user.id,
      family_id: 'f',
      access_hash: 'x',
      refresh_hash: 'y',
      access_expires_at: NOW,
      refresh_expires_at: NOW,
      device_id: null,
      created_at: NOW,
    });
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await sql<{ n: number }>`select count(*) as n from sessions`.execute(db);
    expect(Number(left.rows[0]?.n)).toBe(0);
    const settings = new SettingsRepository(db);
    await settings.set('k', 'v1', NOW);
    await settings.set('k', 'v2', NOW);
    expect(await settings.get('k')).toBe('v2');
  });
});
