import { BOOST_PACKAGES, FUEL_PER_BOOSTED_EXPOSURE, type ErrorCode } from '@yanzhi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { RadioGroup } from '../../components/RadioGroup';
import { SheetActions } from '../../components/SheetActions';
import { Sheet } from '../../components/Sheet';
import { ApiError } from '../../lib/api-client';
import { voteStatsKeys } from '../../lib/api/get-user-vote-stats';
import { describeError } from '../../lib/error-text';
import { useProfileText } from './texts';
import { toast } from '../../services/toasts';
import { useBoostPhoto } from './api/boost-photo';
import { boostDelivery, type ProfilePhoto } from './profile-photo';

/** ErrorCode.INSUFFICIENT_FUEL, written out (its type checks it against the contract). */
const INSUFFICIENT_FUEL: typeof ErrorCode.INSUFFICIENT_FUEL = 40903;

function boostError(error: unknown, t: ReturnType<typeof useProfileText>): string {
  if (error instanceof ApiError && error.code === INSUFFICIENT_FUEL) return t('boost.refused');
  return describeError(error, t);
}

interface BoostSheetProps {
  photo: ProfilePhoto;
  /** 1-based position of the photo in the grid, as the user sees it. */
  n: number;
  fuel: number;
  onClose: () => void;
}

/** Buy boosted exposures for a photo: the packages, their cost and the fuel left after. */
export function BoostSheet({ photo, n, fuel, onClose }: BoostSheetProps) {
  const photoId = photo.id;
  const delivery = boostDelivery(photo);
  const t = useProfileText();
  const titleId = useId();
  const queryClient = useQueryClient();
  const affordable = (count: number) => count * FUEL_PER_BOOSTED_EXPOSURE <= fuel;
  // The first package one can pay for is chosen; none when the fuel covers none.
  const [choice, setChoice] = useState<number | null>(BOOST_PACKAGES.find(affordable) ?? null);
  const exposures = choice !== null && affordable(choice) ? choice : null;
  const boost = useBoostPhoto();
  const cost = (exposures ?? BOOST_PACKAGES[0]) * FUEL_PER_BOOSTED_EXPOSURE;
  const after = fuel - cost;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (boost.isPending || exposures === null) return;
    boost.mutate(
      { photoId, exposures },
      {
        onSuccess: (data) => {
          toast.success(t('boost.done', { count: exposures, fuel: data.fuel }));
          onClose();
        },
        onError: (error) => {
          // The balance moved elsewhere (another tab, a spend): read it again, so the packages
          // it no longer covers turn unavailable.
          if (error instanceof ApiError && error.code === INSUFFICIENT_FUEL) {
            void queryClient.invalidateQueries({ queryKey: voteStatsKeys.all });
          }
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
        {delivery.total > 0 ? (
          <p className="boost__delivery tabular" data-testid="boost-sheet-delivery">
            {t(photo.boost_remaining ? 'boost.delivery.running' : 'boost.delivery.done', delivery)}
          </p>
        ) : null}
        <RadioGroup
          name="exposures"
          options={BOOST_PACKAGES}
          value={exposures}
          onChange={setChoice}
          isDisabled={(count) => !affordable(count)}
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
              {affordable(count) ? null : (
                <span className="boost__package-short">{t('boost.unaffordable')}</span>
              )}
            </>
          )}
        />
        <p className="boost__after tabular" data-testid="boost-after" aria-live="polite">
          {exposures !== null && after >= 0
            ? t('boost.after', { fuel, after })
            : t('boost.short', { fuel, cost })}
        </p>
        <SheetActions
          block="sheet-form"
          error={boost.isError ? boostError(boost.error, t) : null}
          cancelLabel={t('common.cancel')}
          onCancel={onClose}
          confirmLabel={boost.isPending ? t('boost.sending') : t('boost.confirm')}
          confirmDisabled={boost.isPending || exposures === null}
        />
      </form>
    </Sheet>
  );
}
