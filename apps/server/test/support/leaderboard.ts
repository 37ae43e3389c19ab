import { leaderboardSchema, type Leaderboard } from '@yanzhi/contract';
import { expect } from 'vitest';
import type { PhotoState } from '../../src/db/schema.js';
import { boardStanding } from '../../src/domain/leaderboard/index.js';
import { LeaderboardRepository } from '../../src/repositories/leaderboard.repository.js';
import type { TestApp } from './app.js';

export interface PlacedPhoto {
  userId: number;
  categoryId: number;
  score: number;
  publishedAt: number;
  provisional?: boolean;
  state?: PhotoState;
  comparisons?: number;
}

/** Inserts a photo row with a given score and publication time (files are not needed to rank). */
export async function placePhoto(app: TestApp, photo: PlacedPhoto): Promise<number> {
  const now = app.clock.now();
  const row = await app.db
    .insertInto('photos')
    .values({
      user_id: photo.userId,
      category_id: photo.categoryId,
      state: photo.state ?? 'active',
      current_score: photo.score,
      provisional: photo.provisional ? 1 : 0,
      comparisons: photo.comparisons ?? 40,
      width: 600,
      height: 800,
      placeholder: 'data:image/webp;base64,AAAA',
      display_key: `p/test-${photo.score}-${photo.publishedAt}.webp`,
      thumb_key: `p/test-${photo.score}-${photo.publishedAt}-t.webp`,
      phash: null,
      is_demo: 0,
      created_at: photo.publishedAt,
      published_at: photo.publishedAt,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A signed-in user made through the host's login, with a display name. */
export async function signIn(app: TestApp, sub: string, name: string) {
  const login = await app.call('login_by_cookie', { cookie: app.hostToken(sub, { name }) });
  expect(login.code, login.msg).toBe(0);
  const data = login.data as { token: string; userInfo: { id: number } };
  return { token: data.token, id: data.userInfo.id, headers: { 'access-token': data.token } };
}

/** Calls get_leaderboard and checks the answer against the contract. */
export async function board(
  app: TestApp,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Leaderboard> {
  const result = await app.call('get_leaderboard', body, headers);
  expect(result.code, result.msg).toBe(0);
  return leaderboardSchema.parse(result.data);
}

/** A board's rows as `id:rank` pairs, the shape most assertions compare. */
export function ranks(answer: Leaderboard): string[] {
  return answer.items.map((item) => `${item.id}:${item.rank}`);
}

/** Epoch ms of a wall-clock time in Asia/Shanghai (UTC+8, no daylight saving). */
export function shanghai(isoLocal: string): number {
  return Date.parse(`${isoLocal}+08:00`);
}

/**
 * The category's reference strengths as they stand in the database now: the yardstick a board
 * loaded at this moment ranks provisional photos by (votes move it until the next refit).
 */
export function referenceMus(app: { db: TestApp['db'] }, categoryId: number) {
  return new LeaderboardRepository(app.db).referenceMus(categoryId);
}

/**
 * A category's listed photos as `id:score` in board order, straight from SQL: established ones
 * by score, provisional ones with enough comparisons by the low end of their range
 * (domain/leaderboard/standing.ts), then the older photo first.
 */
export async function databaseOrder(
  app: { db: TestApp['db'] },
  categoryId: number,
  /** The yardstick the boards use: the last refit's reference strengths (default: live μ). */
  yardstick?: readonly number[],
) {
  const rows = await app.db
    .selectFrom('photos')
    .select(['id', 'current_score', 'state', 'provisional', 'comparisons', 'mu', 'sigma2'])
    .where('category_id', '=', categoryId)
    .where('state', '=', 'active')
    .execute();
  const mus = yardstick ?? (await referenceMus(app, categoryId));
  return rows
    .flatMap((row) => {
      const standing = boardStanding(row, mus);
      return standing ? [{ ...row, key: standing.key }] : [];
    })
    .sort((a, b) => b.key - a.key || a.id - b.id)
    .map((row) => `${row.id}:${row.current_score}`);
}

export interface BoardPeople {
  alice: Awaited<ReturnType<typeof signIn>>;
  bob: Awaited<ReturnType<typeof signIn>>;
  /** Photo ids by the names leaderboard.test.ts gives them. */
  id: Record<string, number>;
}

/**
 * The photos of leaderboard.test.ts around Saturday 2026-11-21 in Asia/Shanghai: today's, this
 * week's, the month's edges, photos never on a board, and one in another category.
 */
export async function placeWeekOfPhotos(
  app: TestApp,
  dialect: string,
  category: number,
  otherCategory: number,
): Promise<BoardPeople> {
  const id: Record<string, number> = {};
  const alice = await signIn(app, `alice-${dialect}`, 'Alice');
  const bob = await signIn(app, `bob-${dialect}`, '小波');
  const photo = (
    name: string,
    score: number,
    publishedAt: string,
    extra: {
      owner?: number;
      provisional?: boolean;
      state?: 'hidden' | 'removed' | 'deleted';
      comparisons?: number;
    } = {},
  ) =>
    placePhoto(app, {
      userId: extra.owner ?? bob.id,
      categoryId: category,
      score,
      publishedAt: shanghai(publishedAt),
      ...(extra.provisional ? { provisional: true } : {}),
      ...(extra.state ? { state: extra.state } : {}),
      ...(extra.comparisons === undefined ? {} : { comparisons: extra.comparisons }),
    }).then((photoId) => {
      id[name] = photoId;
    });
  // Today (Saturday 11-21).
  await photo('today900', 900, '2026-11-21T10:00:00');
  await photo('today850a', 850, '2026-11-21T00:00:00');
  await photo('today850b', 850, '2026-11-21T09:00:00');
  await photo('today800', 800, '2026-11-21T11:59:59');
  // Monday 11-16 at the stroke of midnight: this week, not last week.
  await photo('monday950', 950, '2026-11-16T00:00:00');
  // Sunday 11-15, the last millisecond: last week, still November.
  await photo('sunday700', 700, '2026-11-15T23:59:59.999');
  // Saturday 10-31 23:00: October, in the ISO week of 10-26..11-01 which crosses the month.
  await photo('october990', 990, '2026-10-31T23:00:00');
  // Sunday 11-01 00:00: November, same ISO week as the one above. Alice's.
  await photo('november600', 600, '2026-11-01T00:00:00', { owner: alice.id });
  // Never on a board (a provisional photo is listed from BOARD_MIN_COMPARISONS on).
  await photo('provisional', 999, '2026-11-21T08:00:00', { provisional: true, comparisons: 4 });
  await photo('hidden', 998, '2026-11-21T08:00:00', { state: 'hidden' });
  await photo('removed', 997, '2026-11-21T08:00:00', { state: 'removed' });
  await photo('deleted', 996, '2026-11-21T08:00:00', { state: 'deleted' });
  await placePhoto(app, {
    userId: bob.id,
    categoryId: otherCategory,
    score: 1000,
    publishedAt: shanghai('2026-11-21T08:00:00'),
  });
  return { alice, bob, id };
}
