import { formatScore, photoSrcSet, type PhotoCard, type RevealedScore } from '@yanzhi/contract';
import { useId } from 'react';
import { Icon } from '../../components/Icon';
import { useT } from '../../lib/i18n';
import type { Choice } from './vote-request';
import { useLongPress } from './use-long-press';
import { scoreChip } from './vote-feedback';
import { placeholderStyle } from '../../lib/placeholder';
import { ARENA_PHOTO_SIZES } from './preload-pair';

export type CardState = 'idle' | 'waiting' | 'chosen' | 'other';

interface ArenaCardProps {
  choice: Choice;
  photo: PhotoCard;
  pairId: string;
  state: CardState;
  /** The photo's score after the vote, shown as a chip during the reveal. */
  revealed: RevealedScore | null;
  onVote: (choice: Choice) => void;
  onReport: (choice: Choice) => void;
  onInspect: (choice: Choice) => void;
}

/**
 * One side of the pair: the whole photo is the vote button, the flag in its corner reports it,
 * and a long-press or pinch opens it full screen. The buttons stay across pairs (only the
 * picture inside is replaced) so keyboard focus survives the next pair sliding in.
 */
export function ArenaCard({
  choice,
  photo,
  pairId,
  state,
  revealed,
  onVote,
  onReport,
  onInspect,
}: ArenaCardProps) {
  const t = useT();
  const chipId = useId();
  const n = choice + 1;
  const { handlers, wasGesture } = useLongPress(() => {
    onInspect(choice);
  });
  const chip = revealed === null ? null : scoreChip(revealed);
  const { image } = photo;

  return (
    <div
      className={`arena-card arena-card--${state}`}
      data-testid="arena-photo"
      data-photo-id={photo.id}
    >
      <button
        type="button"
        className="arena-card__choice"
        aria-label={t('arena.choosePhoto', { n })}
        aria-describedby={chip === null ? undefined : chipId}
        onClick={() => {
          if (wasGesture()) return;
          onVote(choice);
        }}
        {...handlers}
      >
        <span key={pairId} className="arena-card__media">
          <span className="arena-card__placeholder" style={placeholderStyle(image.placeholder)} />
          <img
            className="arena-card__img"
            src={image.url}
            srcSet={photoSrcSet(image)}
            sizes={ARENA_PHOTO_SIZES}
            width={image.width}
            height={image.height}
            alt=""
            draggable={false}
            fetchPriority="high"
          />
        </span>
        {chip === null || revealed === null ? null : (
          <span
            id={chipId}
            className={`score-chip score-chip--${chip.direction}`}
            data-testid="score-chip"
          >
            <span className="score-chip__score">{chip.score}</span>
            <span className="score-chip__change">{chip.change}</span>
            {revealed.provisional ? (
              <span className="score-chip__note">
                {revealed.placement === null
                  ? t('arena.provisional')
                  : t('arena.provisionalRange', {
                      low: formatScore(revealed.placement.score_low),
                      high: formatScore(revealed.placement.score_high),
                    })}
              </span>
            ) : null}
          </span>
        )}
      </button>
      <button
        type="button"
        className="arena-card__flag"
        aria-label={t('arena.reportPhoto', { n })}
        onClick={() => {
          onReport(choice);
        }}
      >
        <span className="arena-card__flag-icon">
          <Icon name="flag" size={16} />
        </span>
      </button>
    </div>
  );
}
