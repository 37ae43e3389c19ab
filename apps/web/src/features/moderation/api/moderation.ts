import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type ModerationDecision = 'keep' | 'remove' | 'ban';

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (page: number) => [...moderationKeys.all, 'queue', page] as const,
};

export function moderationQueueOptions(page: number) {
  return queryOptions({
    queryKey: moderationKeys.queue(page),
    queryFn: ({ signal }) => callApi('get_moderation_queue', { page }, { signal }),
  });
}

export function useModerationQueue(page: number, enabled: boolean) {
  return useQuery({ ...moderationQueueOptions(page), enabled });
}

/** Records a moderator's decision and refreshes the queue. */
export function useModeratePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { photoId: number; decision: ModerationDecision }) =>
      callApi('moderate_photo', { photo_id: input.photoId, decision: input.decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
