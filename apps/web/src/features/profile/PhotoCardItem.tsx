import { formatScore, photoSrcSet } from '@yanzhi/contract';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { PageIcon } from '../../components/PageIcon';
import { PhotoFrame } from '../../components/PhotoFrame';
import { useProfileText } from './texts';
import { ShareModal } from '../../services/share';
import { boostDelivery, stateChip, winRate, type ProfilePhoto } from './profile-photo';

/** The grid's two columns share the page width (at most 560 px) less its padding and gap. */
const MY_PHOTO_SIZES = '(min-width: 560px) 258px, calc(50vw - 22px)';

/** One photo of the grid: its state, score, figures and what can be done with it. */
export function PhotoCardItem({
  photo,
  n,
  deleted,
  locked,
  onBoost,
  onDelete,
}: {
  photo: ProfilePhoto;
  n: number;
  deleted: boolean;
  locked: boolean;
  onBoost: () => void;
  onDelete: () => void;
}) {
  const t = useProfileText();
  const chip = stateChip(photo, deleted);
  const rate = winRate(photo);
  const canBoost = !deleted && (photo.state === undefined || photo.state === 'active');
  const [sharing, setSharing] = useState(false);
  return (
    <li className="my-photo" data-testid="my-photo" data-photo-id={photo.id}>
      <PhotoFrame
        src={photo.image?.thumb_url}
        srcSet={photo.image ? photoSrcSet(photo.image, 'thumb') : undefined}
        sizes={MY_PHOTO_SIZES}
        placeholder={photo.image?.placeholder}
        alt={t('photo.thumbAlt', { n })}
      >
        <span className={`state-chip state-chip--${chip.tone}`}>{t(chip.key)}</span>
      </PhotoFrame>
      <div className="my-photo__figures">
        {locked ? (
          <span className="my-photo__score my-photo__score--locked" data-testid="photo-score">
            <PageIcon name="unlock" size={16} />
            <span className="visually-hidden">{t('photo.scoreLocked')}</span>
          </span>
        ) : (
          <span className="my-photo__score tabular" data-testid="photo-score">
            {formatScore(photo.current_score)}
          </span>
        )}
        {photo.placement ? <Placement placement={photo.placement} locked={locked} /> : null}
        <span className="my-photo__meta tabular">
          {t('photo.comparisons', { count: photo.comparisons ?? 0 })}
        </span>
        <span className="my-photo__meta tabular">
          {rate === null ? t('photo.winRateNone') : t('photo.winRate', { rate })}
        </span>
        {photo.state_reason ? (
          <span className="my-photo__reason">
            {t('photo.reason', { reason: photo.state_reason })}
          </span>
        ) : null}
        {photo.boost_remaining ? (
          <span className="my-photo__boost tabular" data-testid="boost-delivery">
            {t('photo.boostDelivery', boostDelivery(photo))}
          </span>
        ) : null}
      </div>
      {deleted ? null : (
        <div className="my-photo__actions">
          {canBoost ? (
            <Button variant="secondary" aria-label={t('photo.boostLabel', { n })} onClick={onBoost}>
              <Icon name="bolt" size={16} /> {t('photo.boost')}
            </Button>
          ) : null}
          {canBoost ? (
            <Button
              variant="ghost"
              aria-label={t('photo.shareLabel', { n })}
              data-testid="my-photo-share"
              onClick={() => {
                setSharing(true);
              }}
            >
              <PageIcon name="share" size={16} /> {t('share.share')}
            </Button>
          ) : null}
          <Button variant="ghost" aria-label={t('photo.deleteLabel', { n })} onClick={onDelete}>
            {t('photo.delete')}
          </Button>
        </div>
      )}
      {sharing ? (
        <ShareModal
          request={{ photoId: photo.id, periodType: 'all', periodDate: null }}
          onClose={() => {
            setSharing(false);
          }}
        />
      ) : null}
    </li>
  );
}

/** While a photo is placed: about how many matches remain, and its score's probable range. */
function Placement({
  placement,
  locked,
}: {
  placement: NonNullable<ProfilePhoto['placement']>;
  /** Before the unlock the range would tell the hidden score. */
  locked: boolean;
}) {
  const t = useProfileText();
  return (
    <span className="my-photo__placing tabular" data-testid="placement">
      <span>{t('photo.placing', { count: placement.matches_to_place })}</span>
      {locked ? null : (
        <span>
          {t('photo.range', {
            low: formatScore(placement.score_low),
            high: formatScore(placement.score_high),
          })}
        </span>
      )}
    </span>
  );
}
