import type { PasskeyInfo } from '@yanzhi/contract';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmSheet } from '../../components/ConfirmSheet';
import { describeError } from '../../lib/error-text';
import { useLanguage } from '../../lib/i18n';
import { toast } from '../toasts';
import { useDeletePasskey } from './api/delete-passkey';
import { formatDay } from './format-date';
import { useAccountText } from './texts';

/**
 * The account's passkeys: name, when saved, when last used, each removable after a
 * confirmation (which warns when it is the account's last way back in).
 */
export function PasskeyList({
  passkeys,
  onlyWayBack,
}: {
  passkeys: readonly PasskeyInfo[];
  /** Removing a passkey would leave the account with no way back (no code, no host). */
  onlyWayBack: boolean;
}) {
  const t = useAccountText();
  const language = useLanguage();
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const remove = useDeletePasskey();

  if (passkeys.length === 0) return <p className="account__muted">{t('account.passkeysNone')}</p>;
  return (
    <>
      <ul className="passkeys" aria-label={t('account.passkeys')}>
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="passkey" data-testid="passkey">
            <div className="passkey__text">
              <span className="passkey__name">{passkey.name}</span>
              <span className="passkey__meta">
                {t('account.passkeySavedOn', { date: formatDay(passkey.created_at, language) })}
                {' · '}
                {passkey.last_used_at
                  ? t('account.passkeyUsedOn', { date: formatDay(passkey.last_used_at, language) })
                  : t('account.passkeyNeverUsed')}
              </span>
            </div>
            <Button
              variant="ghost"
              className="button--danger-text passkey__remove"
              aria-label={t('account.removePasskeyLabel', { name: passkey.name })}
              onClick={() => {
                remove.reset();
                setRemoving(passkey);
              }}
            >
              {t('account.removePasskey')}
            </Button>
          </li>
        ))}
      </ul>
      {removing ? (
        <ConfirmSheet
          testId="remove-passkey-sheet"
          title={t('account.removeTitle')}
          text={
            <>
              <p>{t('account.removeText', { name: removing.name })}</p>
              {onlyWayBack && passkeys.length === 1 ? (
                <p className="account__warning">{t('account.removeLast')}</p>
              ) : null}
            </>
          }
          confirmLabel={t('account.removeConfirm')}
          busyLabel={t('account.removing')}
          busy={remove.isPending}
          error={remove.isError ? describeError(remove.error, t) : null}
          onConfirm={() => {
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast.success(t('account.removed'));
                setRemoving(null);
              },
            });
          }}
          onClose={() => {
            setRemoving(null);
          }}
        />
      ) : null}
    </>
  );
}
