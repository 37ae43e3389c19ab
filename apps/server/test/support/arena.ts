import { pairSchema, submitRatingResponseSchema, type Pair } from '@yanzhi/contract';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

export const MIN_DWELL_MS = 400;

/** Photos owned by `userId` in a category, sharing the files of an existing (demo) photo. */
export async function addPhotos(app: TestApp, userId: number, categoryId: number, count: number) {
  const template = await app.db.selectFrom('photos').selectAll().executeTakeFirstOrThrow();
  const now = app.clock.now();
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = await app.db
      .insertInto('photos')
      .values({
        user_id: userId,
        category_id: categoryId,
        state: 'active',
        width: template.width,
        height: template.height,
        placeholder: template.placeholder,
        display_key: template.display_key,
        thumb_key: template.thumb_key,
        phash: null,
        is_demo: 0,
        created_at: now,
        published_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  app.services.arenaIndexes.invalidate(categoryId);
  return ids;
}

export async function categoryIds(app: TestApp): Promise<number[]> {
  const rows = await app.db.selectFrom('categories').select('id').orderBy('sort_order').execute();
  return rows.map((row) => row.id);
}

export async function servePair(
  app: TestApp,
  categoryId: number,
  anonymousId: string,
  headers: Record<string, string> = {},
): Promise<Pair> {
  const result = await app.call(
    'get_random_photos_for_rating',
    { category_id: categoryId, anonymous_id: anonymousId },
    headers,
  );
  expect(result.code, result.msg).toBe(0);
  return pairSchema.parse(result.data);
}

/** Votes for the left photo of a served pair after a human pause. */
export async function vote(
  app: TestApp,
  pair: Pair,
  anonymousId: string,
  options: {
    pick?: 0 | 1;
    headers?: Record<string, string>;
    withPairId?: boolean;
    dwellMs?: number;
  } = {},
) {
  app.clock.advance(options.dwellMs ?? 1500);
  const pick = options.pick ?? 0;
  const winner = pair.photos[pick];
  const loser = pair.photos[pick === 0 ? 1 : 0];
  return app.call(
    'submit_photo_rating',
    {
      winner_photo_id: winner.id,
      loser_photo_id: loser.id,
      anonymous_id: anonymousId,
      ...(options.withPairId === false ? {} : { pair_id: pair.pair_id }),
      ...(winner.is_boosted
        ? { boosted_photo_id: winner.id }
        : loser.is_boosted
          ? { boosted_photo_id: loser.id }
          : {}),
    },
    options.headers ?? {},
  );
}

export function parseVote(result: { code: number; msg: string; data: unknown }) {
  expect(result.code, result.msg).toBe(0);
  return submitRatingResponseSchema.parse(result.data);
}

export async function counts(app: TestApp) {
  const votes = await app.db
    .selectFrom('votes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const photos = await app.db
    .selectFrom('photos')
    .select((eb) => [
      eb.fn.sum<number>('comparisons').as('comparisons'),
      eb.fn.sum<number>('wins').as('wins'),
    ])
    .executeTakeFirstOrThrow();
  return { votes: votes.n, comparisons: photos.comparisons, wins: photos.wins };
}
