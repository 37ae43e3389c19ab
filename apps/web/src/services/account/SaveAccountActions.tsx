import type { RecoveryCode } from '@yanzhi/contract';
import { Button } from '../../components/Button';
import { describeError } from '../../lib/error-text';
import { useCreateRecoveryCode } from './api/create-recovery-code';
import { describePasskeyError, useSavePasskey } from './use-passkey-actions';
import { passkeysSupported } from './webauthn';
import { useAccountText } from './texts';

interface SaveAccountActionsProps {
  /** Whether the account has a recovery code already (the button then replaces it). */
  hasCode: boolean;
  /** A new code: the caller shows it once (in a sheet, or in place of its own sheet's text). */
  onCode: (code: RecoveryCode) => void;
  onPasskeySaved?: () => void;
}

/**
 * The two ways to keep an account: save a passkey (where the browser has them) and make a
 * recovery code. Where passkeys are missing (many in-app webviews) the code is the way, and
 * the text says so.
 */
export function SaveAccountActions({ hasCode, onCode, onPasskeySaved }: SaveAccountActionsProps) {
  const t = useAccountText();
  const passkey = useSavePasskey(onPasskeySaved);
  const code = useCreateRecoveryCode();
  const supported = passkeysSupported();
  const busy = passkey.isPending || code.isPending;
  let error: string | null = null;
  if (passkey.isError) error = describePasskeyError(passkey.error, t, true);
  else if (code.isError) error = describeError(code.error, t);

  return (
    <div className="account-actions">
      {supported ? (
        <Button
          block
          disabled={busy}
          onClick={() => {
            code.reset();
            passkey.mutate();
          }}
        >
          {passkey.isPending ? t('account.savingPasskey') : t('account.savePasskey')}
        </Button>
      ) : (
        <p className="account-actions__note">{t('account.passkeyUnsupported')}</p>
      )}
      <Button
        block
        variant={supported ? 'secondary' : 'primary'}
        disabled={busy}
        onClick={() => {
          passkey.reset();
          code.mutate(undefined, { onSuccess: onCode });
        }}
      >
        {code.isPending
          ? t('account.creatingCode')
          : hasCode
            ? t('account.replaceCode')
            : t('account.createCode')}
      </Button>
      {error ? (
        <p className="account-actions__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
