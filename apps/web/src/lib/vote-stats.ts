import type { Onboarding, SubmitRatingResponse, VoteStats } from '@yanzhi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { getAnonymousId } from './identity';

/**
 * The voter's statistics (votes, fuel, onboarding progress, achievements), shared by the arena,
 * the onboarding page and the profile. The arena writes each vote's answer into the cache, so
 * the other pages see the new progress without asking again.
 */
export const voteStatsKeys = {
  all: ['vote-stats'] as const,
  of: (userId: number | null) => [...voteStatsKeys.all, userId] as const,
};

export function voteStatsQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: voteStatsKeys.of(userId),
    queryFn: ({ signal }) =>
      callApi(
        'get_user_vote_stats',
        { user_id: userId, anonymous_id: getAnonymousId() },
        { signal },
      ),
  });
}

/** `enabled: false` holds the request back (the arena: until its first photos are in). */
export function useVoteStats(userId: number | null, enabled = true) {
  return useQuery({ ...voteStatsQueryOptions(userId), enabled });
}

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
