import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (page: number) => [...moderationKeys.all, 'queue', page] as const,
};

export function fetchModerationQueue(page: number, signal?: AbortSignal) {
  return callApi('get_moderation_queue', { page }, { signal });
}

export function moderationQueueOptions(page: number) {
  return queryOptions({
    queryKey: moderationKeys.queue(page),
    queryFn: ({ signal }) => fetchModerationQueue(page, signal),
  });
}

export function useModerationQueue(page: number, enabled: boolean) {
  return useQuery({ ...moderationQueueOptions(page), enabled });
}
