import type { Onboarding, SubmitRatingResponse, VoteStats } from '@yanzhi/contract';

// What a vote's answer changes in the voter's statistics (the call: lib/api/get-user-vote-stats.ts).

/** Onboarding progress without the vote's one-off `just_unlocked` flag. */
export function onboardingOf(vote: SubmitRatingResponse): Onboarding {
  const { votes, required, unlocked } = vote.onboarding;
  return { votes, required, unlocked };
}

/** The statistics after a vote the server has just answered. */
export function applyVoteToStats(stats: VoteStats, vote: SubmitRatingResponse): VoteStats {
  const counted = vote.already_recorded ? 0 : 1;
  const unlockedKeys = new Map(vote.achievements.map((item) => [item.key, item]));
  return {
    ...stats,
    total_votes: stats.total_votes + counted,
    today_votes: stats.today_votes + counted,
    fuel: vote.fuel,
    fuel_earned_today: stats.fuel_earned_today + vote.fuel_earned,
    onboarding: onboardingOf(vote),
    achievements: stats.achievements.map((item) => unlockedKeys.get(item.key) ?? item),
  };
}
