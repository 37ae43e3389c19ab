import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { moderationKeys } from './get-moderation-queue';

export type ModerationDecision = 'keep' | 'remove' | 'ban';

export interface ModerationInput {
  photoId: number;
  decision: ModerationDecision;
}

export function moderatePhoto({ photoId, decision }: ModerationInput) {
  return callApi('moderate_photo', { photo_id: photoId, decision });
}

/** Records a moderator's decision and refreshes the queue. */
export function useModeratePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderatePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
