/**
 * Writes the dataset straight into a migrated database, bypassing the server, in one
 * transaction: the owners, the photos and the daily ranks behind rank_change.
 */
import { sql } from 'kysely';
import type { Db, DatabaseKind } from '../../apps/server/src/db/database.js';
import { CategoryRepository } from '../../apps/server/src/repositories/category.repository.js';
import { bulkInsert } from './bulk-insert.js';
import type { Dataset } from './dataset.js';
import { seedScoreDays } from './score-days.js';

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
/** A placeholder as long as an upload's (`data:image/webp;base64,` and 160–230 characters). */
const BENCH_PLACEHOLDER = `data:image/webp;base64,UklGRr${'A'.repeat(170)}`;
/** Media keys as long as an upload's (`photos/ab/<32 hex>.webp`). */
const BENCH_KEY_PREFIX = 'photos/00/bench00000000000000000000';
const GIVEN = ['子涵', '欣怡', '梓萱', '思琪', '雨桐', 'Lily', 'Momo', '小鹿', '一诺', '可馨'];

export const CALLER_HOST_ID = 'bench-caller';

export interface SeedResult {
  categoryId: number;
  callerUserId: number;
  scoreDays: number;
}

export async function seedDatabase(
  db: Db,
  kind: DatabaseKind,
  data: Dataset,
  users: number,
  timeZone: string,
  now: number,
): Promise<SeedResult> {
  const category = await new CategoryRepository(db).upsert(
    { slug: 'female', name: '女生', name_en: 'Women', sort_order: 10 },
    now,
  );
  let scoreDays = 0;
  await db.transaction().execute(async (trx) => {
    await bulkInsert(
      trx,
      kind,
      'users',
      [
        ['id', 'int'],
        ['nickname', 'text'],
        ['host_user_id', 'text'],
      ],
      {
        role: sql.lit('user'),
        status: sql.lit('active'),
        is_device_account: sql.lit(0),
        is_demo: sql.lit(0),
        created_at: sql.lit(now),
        updated_at: sql.lit(now),
      },
      users + 1,
      (index) =>
        index === users
          ? [index + 1, '基准测试者', CALLER_HOST_ID]
          : [
              index + 1,
              `${SURNAMES[index % SURNAMES.length] ?? ''}${GIVEN[index % 10] ?? ''}`,
              null,
            ],
    );
    await bulkInsert(
      trx,
      kind,
      'photos',
      [
        ['id', 'int'],
        ['user_id', 'int'],
        ['state', 'text'],
        ['current_score', 'int'],
        ['provisional', 'int'],
        ['comparisons', 'int'],
        ['published_at', 'bigint'],
        ['updated_at', 'bigint'],
      ],
      {
        category_id: sql.lit(category.id),
        wins: sql.raw(kind === 'sqlite' ? '(value ->> 5) / 2' : '(value ->> 5)::int / 2'),
        width: sql.lit(1080),
        height: sql.lit(1440),
        // As wide as an uploaded photo's row: a WebP data URL of about 200 characters, three
        // media keys of about 50 and a perceptual hash. The refit rewrites rows in place, so a
        // narrower row would understate what its writes cost (pages per row).
        placeholder: sql.lit(BENCH_PLACEHOLDER),
        display_key: sql.raw(`'${BENCH_KEY_PREFIX}' || (value ->> 0) || '.webp'`),
        medium_key: sql.raw(`'${BENCH_KEY_PREFIX}' || (value ->> 0) || '-m.webp'`),
        thumb_key: sql.raw(`'${BENCH_KEY_PREFIX}' || (value ->> 0) || '-t.webp'`),
        phash: sql.lit('7c5e7c3d3d3dbd2c'),
        is_demo: sql.lit(0),
        created_at: sql.raw(
          kind === 'sqlite' ? '(value ->> 6) - 60000' : '(value ->> 6)::bigint - 60000',
        ),
      },
      data.count,
      (row) => [
        row + 1,
        data.userIds[row],
        data.hidden[row] === 1 ? 'hidden' : 'active',
        data.scores[row],
        data.provisional[row],
        data.comparisons[row],
        data.publishedAt[row],
        data.updatedAt[row],
      ],
    );
    scoreDays = await seedScoreDays(trx, kind, data, timeZone, now);
    if (kind === 'postgres') {
      for (const table of ['users', 'photos']) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
          trx,
        );
      }
    }
  });
  // A settled production database has statistics and a visibility map; a fresh bulk load has
  // neither until autovacuum comes by, which would make the first minutes unrepresentative.
  if (kind === 'postgres') await sql`vacuum analyze users, photos, photo_score_days`.execute(db);
  return { categoryId: category.id, callerUserId: users + 1, scoreDays };
}
