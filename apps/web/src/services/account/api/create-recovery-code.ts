import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './get-sign-in-methods';

/** A new recovery code for the signed-in account (the old one stops working). */
export function useCreateRecoveryCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('create_recovery_code', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
