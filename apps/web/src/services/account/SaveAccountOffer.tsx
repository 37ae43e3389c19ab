import type { RecoveryCode } from '@yanzhi/contract';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { RecoveryCodeSheet } from './RecoveryCodeSheet';
import { SaveAccountActions } from './SaveAccountActions';
import './account.css';
import { useAccountText } from './texts';

/**
 * Offered once a first upload has made a device account: save a passkey or a recovery code now,
 * so the photo can still be managed (and deleted) from another phone or after clearing data.
 * "Not now" puts it away (`onDismiss` then moves focus to the page's next sensible place); the
 * profile's "Keep my account" has the same actions later.
 */
export function SaveAccountOffer({ onDismiss }: { onDismiss?: () => void }) {
  const t = useAccountText();
  const [dismissed, setDismissed] = useState(false);
  const [saved, setSaved] = useState(false);
  const [code, setCode] = useState<RecoveryCode | null>(null);
  if (dismissed) return null;
  return (
    <section
      className="card account account--offer"
      aria-labelledby="save-offer-heading"
      data-testid="save-account-offer"
    >
      <h3 id="save-offer-heading" className="account__title">
        {t('saveOffer.title')}
      </h3>
      {saved ? (
        <p className="account__done" role="status">
          {t('saveOffer.saved')}
        </p>
      ) : (
        <>
          <p className="account__muted">{t('saveOffer.text')}</p>
          <SaveAccountActions
            hasCode={false}
            onCode={setCode}
            onPasskeySaved={() => {
              setSaved(true);
            }}
          />
          <Button
            variant="ghost"
            block
            onClick={() => {
              setDismissed(true);
              // The button disappears with the offer: the page says where focus goes next.
              onDismiss?.();
            }}
          >
            {t('saveOffer.later')}
          </Button>
        </>
      )}
      {code ? (
        <RecoveryCodeSheet
          code={code.code}
          onDone={() => {
            setCode(null);
            setSaved(true);
          }}
        />
      ) : null}
    </section>
  );
}
