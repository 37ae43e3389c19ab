import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './get-sign-in-methods';

/** Removes one of the signed-in user's passkeys; the list is read again afterwards. */
export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: number) => callApi('delete_passkey', { passkey_id: passkeyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
