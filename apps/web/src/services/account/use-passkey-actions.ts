import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, TransportError } from '../../lib/api-client';
import { describeError } from '../../lib/error-text';

import { toast } from '../toasts';
import { accountKeys } from './api/get-sign-in-methods';
import { CANCELLED, savePasskey } from './passkey-ceremonies';
import { passkeyName } from './passkey-name';
import { isAlreadyOnAuthenticator } from './webauthn';
import { useAccountText, type AccountTranslate } from './texts';

/**
 * Words for a failed passkey ceremony: the server's own message for its refusals, a plain
 * sentence for what the browser or the authenticator refused (their messages are English and
 * technical).
 */
export function describePasskeyError(error: unknown, t: AccountTranslate, saving: boolean): string {
  if (error instanceof ApiError || error instanceof TransportError) return describeError(error, t);
  if (saving && isAlreadyOnAuthenticator(error)) return t('account.passkeyAlready');
  return saving ? t('account.passkeyFailed') : t('signIn.passkeyFailed');
}

/** Saves a passkey named after this device; a cancel in the browser's dialog is nothing at all. */
export function useSavePasskey(onSaved?: () => void) {
  const t = useAccountText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => savePasskey(passkeyName(navigator.userAgent, t)),
    onSuccess: async (result) => {
      if (result === CANCELLED) return;
      toast.success(t('account.passkeySavedToast'));
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
