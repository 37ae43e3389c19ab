import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { voteStatsQueryOptions } from '../../../lib/api/get-user-vote-stats';
import { useUserStore } from '../../../services/user';
import { profileKeys } from './get-my-photos';

export interface BoostInput {
  photoId: number;
  exposures: number;
}

export function boostPhoto({ photoId, exposures }: BoostInput) {
  return callApi('boost_photo', { photo_id: photoId, exposures });
}

/** Spends fuel on boosted exposures; the new balance goes to the user and the vote stats. */
export function useBoostPhoto() {
  const queryClient = useQueryClient();
  const setFuel = useUserStore((state) => state.setFuel);
  const userId = useUserStore((state) => state.user?.id ?? null);
  return useMutation({
    mutationFn: boostPhoto,
    onSuccess: async (data) => {
      setFuel(data.fuel);
      queryClient.setQueryData(voteStatsQueryOptions(userId).queryKey, (stats) =>
        stats ? { ...stats, fuel: data.fuel } : stats,
      );
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
