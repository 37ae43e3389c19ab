import { leaderboardSchema, type Leaderboard } from '@yanzhi/contract';
import { expect } from 'vitest';
import type { PhotoState } from '../../src/db/schema.js';
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

/** A category's established active photos as `id:score`, in board order, straight from SQL. */
export async function databaseOrder(app: { db: TestApp['db'] }, categoryId: number) {
  const rows = await app.db
    .selectFrom('photos')
    .select(['id', 'current_score'])
    .where('category_id', '=', categoryId)
    .where('state', '=', 'active')
    .where('provisional', '=', 0)
    .orderBy('current_score', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.id}:${row.current_score}`);
}
