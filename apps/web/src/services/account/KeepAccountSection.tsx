import type { RecoveryCode } from '@yanzhi/contract';
import { useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { useLanguage } from '../../lib/i18n';
import { useSignInMethods } from './api/get-sign-in-methods';
import { formatDay } from './format-date';
import { PasskeyList } from './PasskeyList';
import { RecoveryCodeSheet } from './RecoveryCodeSheet';
import { SaveAccountActions } from './SaveAccountActions';
import './account.css';
import { useAccountText } from './texts';

/**
 * "Keep my account" on the profile: the passkeys saved for this account, saving another, and
 * the recovery code (made or replaced, then shown once), so signing out, cleared storage or a
 * new phone never strand the account's photos.
 */
export function KeepAccountSection({ userId }: { userId: number }) {
  const t = useAccountText();
  const language = useLanguage();
  const methods = useSignInMethods(userId);
  const [code, setCode] = useState<RecoveryCode | null>(null);
  const data = methods.data;

  let body;
  if (data) {
    const codeMade = data.recovery_code_created_at;
    body = (
      <>
        {data.can_return ? null : <p className="account__warning">{t('account.noWayBack')}</p>}
        {data.host_linked ? <p className="account__muted">{t('account.hostLinked')}</p> : null}
        <h4 className="account__subtitle">{t('account.passkeys')}</h4>
        <PasskeyList
          passkeys={data.passkeys}
          onlyWayBack={codeMade === null && !data.host_linked}
        />
        <h4 className="account__subtitle">{t('account.recovery')}</h4>
        <p className="account__muted" data-testid="recovery-code-state">
          {codeMade
            ? t('account.recoveryMade', { date: formatDay(codeMade, language) })
            : t('account.recoveryNone')}
        </p>
        <SaveAccountActions hasCode={codeMade !== null} onCode={setCode} />
      </>
    );
  } else if (methods.isPending) {
    body = (
      <LoadingRegion>
        <Skeleton height="120px" radius="12px" />
      </LoadingRegion>
    );
  } else {
    body = (
      <ErrorState
        error={methods.error}
        onRetry={() => {
          void methods.refetch();
        }}
      />
    );
  }

  return (
    <section
      className="card account"
      aria-labelledby="keep-account-heading"
      data-testid="keep-account"
    >
      <h3 id="keep-account-heading" className="account__title">
        {t('account.heading')}
      </h3>
      <p className="account__muted">{t('account.intro')}</p>
      {body}
      {code ? (
        <RecoveryCodeSheet
          code={code.code}
          onDone={() => {
            setCode(null);
          }}
        />
      ) : null}
    </section>
  );
}
