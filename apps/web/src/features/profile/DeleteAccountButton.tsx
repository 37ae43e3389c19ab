import { useState } from 'react';
import { Button } from '../../components/Button';
import { describeError } from '../../lib/error-text';
import { useProfileText } from './texts';
import { useDeleteAccount } from './api/delete-account';
import { ConfirmSheet } from '../../components/ConfirmSheet';

/** Deletes the account after a confirmation that lists what goes with it. */
export function DeleteAccountButton() {
  const t = useProfileText();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  return (
    <>
      <Button
        variant="ghost"
        block
        className="button--danger-text"
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        {t('profile.deleteAccount')}
      </Button>
      {open ? (
        <ConfirmSheet
          testId="delete-account-sheet"
          title={t('deleteAccount.title')}
          text={
            <>
              <p>{t('deleteAccount.text')}</p>
              <ul className="sheet-form__list">
                <li>{t('deleteAccount.item.account')}</li>
                <li>{t('deleteAccount.item.photos')}</li>
                <li>{t('deleteAccount.item.votes')}</li>
                <li>{t('deleteAccount.item.fuel')}</li>
              </ul>
            </>
          }
          confirmLabel={t('deleteAccount.confirm')}
          busyLabel={t('deleteAccount.deleting')}
          busy={remove.isPending}
          error={remove.isError ? describeError(remove.error, t) : null}
          onConfirm={() => {
            remove.mutate();
          }}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
