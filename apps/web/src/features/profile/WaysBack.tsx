import type { SignInMethods } from '@yanzhi/contract';
import { useAccountText } from '../../services/account';

/** What the sign-out sheet says about coming back: each way the account has, or the warning. */
export function WaysBack({ methods }: { methods: SignInMethods }) {
  const t = useAccountText();
  if (!methods.can_return) {
    return methods.photo_count > 0 ? (
      <p className="sign-out__warning" data-testid="sign-out-warning">
        {t('signOut.stranded', { count: methods.photo_count })}
      </p>
    ) : (
      <p className="sheet-form__text">{t('signOut.noWay')}</p>
    );
  }
  return (
    <div className="sheet-form__text" data-testid="ways-back">
      <p>{t('signOut.comeBack')}</p>
      <ul className="sheet-form__list">
        {methods.passkeys.length > 0 ? (
          <li>{t('signOut.viaPasskey', { count: methods.passkeys.length })}</li>
        ) : null}
        {methods.recovery_code_created_at ? <li>{t('signOut.viaCode')}</li> : null}
        {methods.host_linked ? <li>{t('signOut.viaHost')}</li> : null}
      </ul>
    </div>
  );
}
