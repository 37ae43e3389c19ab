import { useId } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { Sheet } from '../../components/Sheet';
import { useProfileText } from './texts';

/**
 * What the delete of a user's only photo opens instead of a confirmation (spec §4: a photo is
 * removed only while there is more than one; the server refuses it too, 40908).
 */
export function LastPhotoSheet({ onClose }: { onClose: () => void }) {
  const t = useProfileText();
  const titleId = useId();
  return (
    <Sheet onClose={onClose} labelledBy={titleId} testId="last-photo-sheet">
      <div className="sheet-form">
        <h2 id={titleId} className="sheet-form__title">
          {t('lastPhoto.title')}
        </h2>
        <p className="sheet-form__text" data-testid="last-photo-rule">
          {t('lastPhoto.text')}
        </p>
        <div className="sheet-form__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('lastPhoto.close')}
          </Button>
          <ButtonLink to="/upload">{t('lastPhoto.upload')}</ButtonLink>
        </div>
      </div>
    </Sheet>
  );
}
