import type { MyPhoto, VoteStats } from '@yanzhi/contract';
import { expect } from 'vitest';
import { useUserStore } from '../services/user';
import { USER_INFO, ok } from './mock-api';

/** The profile's user, photos and statistics as the server answers them, for the profile tests. */

/** Signs the test user (小明, id 7) in, as a stored session would. */
export function signIn() {
  useUserStore
    .getState()
    .setSession({ token: 'tok', refresh_token: 'r', userInfo: { ...USER_INFO } });
}

/** One of my photos: 20 comparisons, 15 wins, active, unless `extra` says otherwise. */
export function myPhoto(id: number, current_score: number, extra: Partial<MyPhoto> = {}): MyPhoto {
  return {
    id,
    category_id: 1,
    current_score,
    provisional: false,
    comparisons: 20,
    wins: 15,
    image: {
      url: `/u/${id}.jpg`,
      medium_url: `/u/${id}-m.jpg`,
      thumb_url: `/u/${id}-t.jpg`,
      width: 1080,
      height: 1440,
      placeholder: '#444',
    },
    state: 'active',
    state_reason: null,
    boost_remaining: 0,
    boost_delivered: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    rank: null,
    placement: null,
    ...extra,
  };
}

/** The get_my_photos answer listing these photos on one page. */
export function photosPage(...photos: MyPhoto[]) {
  return ok({ photos, current_page: 1, total_pages: 1, total_photos: photos.length });
}

/** The get_user_vote_stats answer of an unlocked voter with one of two achievements. */
export function stats(overrides: Partial<VoteStats> = {}): VoteStats {
  return {
    total_votes: 42,
    today_votes: 5,
    fuel: 88,
    fuel_earned_today: 5,
    fuel_daily_cap: 100,
    onboarding: { votes: 10, required: 10, unlocked: true },
    streak_days: 3,
    achievements: [
      {
        key: 'first-vote',
        icon: 'first-vote',
        title: '初次投票',
        title_en: 'First vote',
        description: '完成第一次投票',
        description_en: 'Cast your first vote',
        unlocked_at: '2026-01-02T00:00:00.000Z',
        progress: null,
      },
      {
        key: 'votes-100',
        icon: 'votes',
        title: '百票达人',
        title_en: '100 votes',
        description: '累计投出 100 票',
        description_en: 'Cast 100 votes',
        unlocked_at: null,
        progress: null,
      },
    ],
    ...overrides,
  };
}

/** The spec's client defaults (rating 5, its level, rank 123) that must never pass for facts. */
export function expectNoDefaults() {
  const text = document.body.textContent;
  expect(text).not.toContain('5.0');
  expect(text).not.toContain('颜值新手');
  expect(text).not.toContain('#123');
}
