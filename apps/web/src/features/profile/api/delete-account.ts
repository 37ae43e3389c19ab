import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { profileText } from '../texts';
import { toast } from '../../../services/toasts';
import { useUserStore } from '../../../services/user';
import { profileKeys } from './get-my-photos';

/** Deletes the account for good; on success the user is cleared locally too. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const clearUser = useUserStore((state) => state.clearUser);
  return useMutation({
    mutationFn: () => callApi('delete_account', {}),
    onSuccess: () => {
      // Said here: the confirmation that asked goes away with the signed-in profile.
      toast.success(profileText('deleteAccount.done'));
      clearUser();
      queryClient.removeQueries({ queryKey: profileKeys.all });
    },
  });
}
