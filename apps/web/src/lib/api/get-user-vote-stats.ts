import { NEWCOMER_STATS_ELEMENT_ID, type VoteStats } from '@yanzhi/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { deviceIdIsNew, getAnonymousId, getToken } from '../identity';
import { jsonInPage } from '../in-page';
import { takePageAnswer } from '../page-answer';

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

/**
 * A visitor's statistics without asking, when the page carries them (server
 * plugins/page-html.ts). A first visit's: when this start has just made the device id, the
 * server has never seen this device, and every page carries what it answers such a newcomer.
 * A known device's: its profile page carries the statistics of the id its device secret holds,
 * taken only when that id is this app's own. The cache then holds them as fresh as any answer;
 * later reads, a session, or a page without them ask the server as usual.
 */
export function seedVisitorStats(client: QueryClient): void {
  if (getToken() !== null) return;
  const key = voteStatsQueryOptions(null).queryKey;
  if (deviceIdIsNew()) {
    const stats = jsonInPage(NEWCOMER_STATS_ELEMENT_ID) as VoteStats | null | undefined;
    if (typeof stats?.fuel === 'number') client.setQueryData(key, stats);
    return;
  }
  const own = takePageAnswer('get_user_vote_stats', {
    user_id: null,
    anonymous_id: getAnonymousId(),
  });
  if (own !== undefined) client.setQueryData(key, own);
}
