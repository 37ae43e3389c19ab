import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
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
      toast.success(t('deleteAccount.done'));
      clearUser();
      queryClient.removeQueries({ queryKey: profileKeys.all });
    },
  });
}
