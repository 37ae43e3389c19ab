import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { getAnonymousId } from '../identity';

/**
 * The voter's statistics (votes, fuel, onboarding progress, achievements), shared by the arena,
 * the onboarding page and the profile. The arena writes each vote's answer into the cache, so
 * the other pages see the new progress without asking again.
 */
export const voteStatsKeys = {
  all: ['vote-stats'] as const,
  of: (userId: number | null) => [...voteStatsKeys.all, userId] as const,
};

export function fetchVoteStats(userId: number | null, signal?: AbortSignal) {
  return callApi(
    'get_user_vote_stats',
    { user_id: userId, anonymous_id: getAnonymousId() },
    { signal },
  );
}

export function voteStatsQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: voteStatsKeys.of(userId),
    queryFn: ({ signal }) => fetchVoteStats(userId, signal),
  });
}

/** `enabled: false` holds the request back (the arena: until its first photos are in). */
export function useVoteStats(userId: number | null, enabled = true) {
  return useQuery({ ...voteStatsQueryOptions(userId), enabled });
}
