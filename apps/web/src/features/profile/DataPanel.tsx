import type { VoteStats } from '@yanzhi/contract';
import { formatScore } from '@yanzhi/contract';
import { useId, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { UnlockProgress } from '../../components/UnlockProgress';
import { isNotAvailableYet } from '../../lib/error-text';
import { useProfileText } from './texts';
import { usePhotoHistory } from './api/get-photo-history';
import type { ProfilePhoto } from './profile-photo';
import { ScoreChart } from './ScoreChart';

/** The data tab: one photo's score history, chosen from the list, once the score is unlocked. */
export function DataPanel({
  photos,
  onboarding,
}: {
  photos: ProfilePhoto[];
  onboarding: VoteStats['onboarding'] | undefined;
}) {
  const t = useProfileText();
  const selectId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const photoId = chosen ?? photos[0]?.id ?? null;
  const locked = onboarding !== undefined && !onboarding.unlocked;
  const history = usePhotoHistory(locked ? null : photoId);
  const n = photos.findIndex((photo) => photo.id === photoId) + 1;
  if (photos.length === 0) return <p className="profile__note">{t('data.noPhotos')}</p>;
  if (locked) {
    return <UnlockProgress votes={onboarding.votes} required={onboarding.required} />;
  }

  let content;
  if (history.isPending) {
    content = (
      <LoadingRegion>
        <Skeleton height="160px" radius="12px" />
      </LoadingRegion>
    );
  } else if (history.isError && !isNotAvailableYet(history.error)) {
    content = (
      <ErrorState
        error={history.error}
        onRetry={() => {
          void history.refetch();
        }}
      />
    );
  } else if (history.isError || history.data.points.length === 0) {
    content = (
      <p className="profile__note" role="status" data-testid="history-empty">
        {t('data.empty')}
      </p>
    );
  } else {
    content = <ScoreChart points={history.data.points} n={n} />;
  }
  return (
    <div className="data-panel">
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          {t('data.photo')}
        </label>
        <select
          id={selectId}
          className="field__control"
          value={photoId ?? ''}
          onChange={(event) => {
            setChosen(Number(event.target.value));
          }}
        >
          {photos.map((photo, index) => (
            <option key={photo.id} value={photo.id}>
              {t('data.photoOption', { n: index + 1, score: formatScore(photo.current_score) })}
            </option>
          ))}
        </select>
      </div>
      {content}
    </div>
  );
}
