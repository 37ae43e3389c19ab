import { BOOST_PACKAGES, FUEL_PER_BOOSTED_EXPOSURE } from '@yanzhi/contract';
import { useId, useState, type SubmitEvent } from 'react';
import { RadioGroup } from '../../components/RadioGroup';
import { SheetActions } from '../../components/SheetActions';
import { Sheet } from '../../components/Sheet';
import { describeError } from '../../lib/error-text';
import { useProfileText } from './texts';
import { toast } from '../../services/toasts';
import { useBoostPhoto } from './api/boost-photo';

interface BoostSheetProps {
  photoId: number;
  /** 1-based position of the photo in the grid, as the user sees it. */
  n: number;
  fuel: number;
  onClose: () => void;
}

/** Buy boosted exposures for a photo: the packages, their cost and the fuel left after. */
export function BoostSheet({ photoId, n, fuel, onClose }: BoostSheetProps) {
  const t = useProfileText();
  const titleId = useId();
  const [exposures, setExposures] = useState<number>(BOOST_PACKAGES[0]);
  const boost = useBoostPhoto();
  const cost = exposures * FUEL_PER_BOOSTED_EXPOSURE;
  const after = fuel - cost;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (boost.isPending) return;
    boost.mutate(
      { photoId, exposures },
      {
        onSuccess: (data) => {
          toast.success(t('boost.done', { count: exposures, fuel: data.fuel }));
          onClose();
        },
      },
    );
  };

  return (
    <Sheet onClose={onClose} labelledBy={titleId} testId="boost-sheet">
      <form className="sheet-form" onSubmit={onSubmit}>
        <h2 id={titleId} className="sheet-form__title">
          {t('boost.title', { n })}
        </h2>
        <p className="sheet-form__text">{t('boost.text', { cost: FUEL_PER_BOOSTED_EXPOSURE })}</p>
        <RadioGroup
          name="exposures"
          options={BOOST_PACKAGES}
          value={exposures}
          onChange={setExposures}
          legend={t('boost.packages')}
          className="boost__packages"
          legendClassName="visually-hidden"
          optionClassName="boost__package"
          renderOption={(count) => (
            <>
              <span className="boost__package-count">{t('boost.package', { count })}</span>
              <span className="boost__package-cost tabular">
                {t('boost.cost', { cost: count * FUEL_PER_BOOSTED_EXPOSURE })}
              </span>
            </>
          )}
        />
        <p className="boost__after tabular" data-testid="boost-after" aria-live="polite">
          {after >= 0 ? t('boost.after', { fuel, after }) : t('boost.short', { fuel, cost })}
        </p>
        <SheetActions
          block="sheet-form"
          error={boost.isError ? describeError(boost.error, t) : null}
          cancelLabel={t('common.cancel')}
          onCancel={onClose}
          confirmLabel={boost.isPending ? t('boost.sending') : t('boost.confirm')}
          confirmDisabled={boost.isPending}
        />
      </form>
    </Sheet>
  );
}
