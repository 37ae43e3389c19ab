import type { Achievement, SubmitRatingResponse, VoteStats } from '@yanzhi/contract';
import { describe, expect, it } from 'vitest';
import { applyVoteToStats } from './vote-stats';

const badge = (key: string, unlocked_at: string | null): Achievement => ({
  key,
  icon: 'votes',
  title: key,
  title_en: key,
  description: key,
  description_en: key,
  unlocked_at,
  progress: null,
});

const STATS: VoteStats = {
  total_votes: 3,
  today_votes: 2,
  fuel: 52,
  fuel_earned_today: 2,
  fuel_daily_cap: 100,
  onboarding: { votes: 3, required: 10, unlocked: false },
  streak_days: 1,
  achievements: [badge('first_vote', '2026-01-01T00:00:00.000Z'), badge('votes_10', null)],
};

function vote(overrides: Partial<SubmitRatingResponse> = {}): SubmitRatingResponse {
  return {
    already_recorded: false,
    winner: { id: 1, current_score: 560, previous_score: 550, provisional: true, placement: null },
    loser: { id: 2, current_score: 540, previous_score: 550, provisional: true, placement: null },
    fuel_earned: 1,
    fuel: 53,
    achievements: [],
    onboarding: { votes: 4, required: 10, unlocked: false, just_unlocked: false },
    ...overrides,
  };
}

describe('applyVoteToStats', () => {
  it('counts the vote and takes fuel and progress from the answer', () => {
    expect(applyVoteToStats(STATS, vote())).toMatchObject({
      total_votes: 4,
      today_votes: 3,
      fuel: 53,
      fuel_earned_today: 3,
      onboarding: { votes: 4, required: 10, unlocked: false },
    });
  });

  it('does not count a vote recorded before', () => {
    const after = applyVoteToStats(STATS, vote({ already_recorded: true, fuel_earned: 0 }));
    expect(after.total_votes).toBe(3);
    expect(after.fuel_earned_today).toBe(2);
  });

  it('marks newly unlocked achievements and drops the one-off flag', () => {
    const unlocked = badge('votes_10', '2026-01-02T00:00:00.000Z');
    const after = applyVoteToStats(
      STATS,
      vote({
        achievements: [unlocked],
        onboarding: { votes: 10, required: 10, unlocked: true, just_unlocked: true },
      }),
    );
    expect(after.achievements[1]).toEqual(unlocked);
    expect(after.onboarding).toEqual({ votes: 10, required: 10, unlocked: true });
  });
});
