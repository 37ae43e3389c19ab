import type { RecoveryCodeSession, Session } from '@yanzhi/contract';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../components/Button';
import { describeError } from '../../lib/error-text';
import { signInWithRecoveryCode } from './api/sign-in-with-recovery-code';
import { CANCELLED, signInWithPasskey } from './passkey-ceremonies';
import { describePasskeyError } from './use-passkey-actions';
import { passkeysSupported } from './webauthn';
import { useAccountText } from './texts';

interface SignInFormsProps {
  titleId: string;
  onPasskeySession: (session: Session) => Promise<void>;
  onCodeSession: (session: RecoveryCodeSession) => Promise<void>;
  onCancel: () => void;
}

type Busy = 'passkey' | 'code' | null;

/** The two ways in: the passkey button (where the browser has passkeys) and the code form. */
export function SignInForms({
  titleId,
  onPasskeySession,
  onCodeSession,
  onCancel,
}: SignInFormsProps) {
  const t = useAccountText();
  const codeId = useId();
  const hintId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const supported = passkeysSupported();

  const withPasskey = async () => {
    setBusy('passkey');
    setError(null);
    try {
      const session = await signInWithPasskey();
      if (session !== CANCELLED) await onPasskeySession(session);
    } catch (failure) {
      setError(describePasskeyError(failure, t, false));
    } finally {
      setBusy(null);
    }
  };

  const withCode = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('signIn.codeEmpty'));
      return;
    }
    setBusy('code');
    setError(null);
    try {
      await onCodeSession(await signInWithRecoveryCode(code));
    } catch (failure) {
      setError(describeError(failure, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="sheet-form sign-in">
      <h2 id={titleId} className="sheet-form__title">
        {t('signIn.title')}
      </h2>
      <p className="sheet-form__text">{t('signIn.text')}</p>
      {supported ? (
        <Button block disabled={busy !== null} onClick={() => void withPasskey()}>
          {busy === 'passkey' ? t('signIn.passkeyBusy') : t('signIn.passkey')}
        </Button>
      ) : (
        <p className="account-actions__note">{t('signIn.passkeyUnsupported')}</p>
      )}
      <form className="sign-in__code" onSubmit={(event) => void withCode(event)} noValidate>
        <label htmlFor={codeId} className="sign-in__label">
          {t('signIn.codeLabel')}
        </label>
        <input
          id={codeId}
          className="sign-in__input"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
          }}
          aria-describedby={hintId}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={64}
          enterKeyHint="go"
        />
        <p id={hintId} className="sign-in__hint">
          {t('signIn.codeHint')}
        </p>
        {error ? (
          <p className="sheet-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="sign-in__actions">
          <Button
            type="submit"
            block
            variant={supported ? 'secondary' : 'primary'}
            disabled={busy !== null}
          >
            {busy === 'code' ? t('signIn.codeBusy') : t('signIn.code')}
          </Button>
          <Button variant="ghost" block onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
