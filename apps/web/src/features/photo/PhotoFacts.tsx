import { formatScore, levelFromScore, type PublicPhoto } from '@yanzhi/contract';
import { useLanguage } from '../../lib/i18n';
import { usePhotoText } from './texts';

/** The win rate in whole percent, or null before the first match. */
export function winRate(photo: Pick<PublicPhoto, 'wins' | 'comparisons'>): number | null {
  return photo.comparisons > 0 ? Math.round((photo.wins / photo.comparisons) * 100) : null;
}

/**
 * The score as the engine knows it: an established photo's score, or a provisional photo's
 * range and how many matches its placement still needs (never a bare score shown as final).
 */
function ScoreBlock({ photo }: { photo: PublicPhoto }) {
  const t = usePhotoText();
  const language = useLanguage();
  const level = levelFromScore(photo.current_score);
  const { placement } = photo;
  return (
    <div className="photo-page__score" data-testid="photo-score">
      <p className="photo-page__score-line">
        <span className="photo-page__score-value">
          {placement !== null
            ? `${formatScore(placement.score_low)}–${formatScore(placement.score_high)}`
            : formatScore(photo.current_score)}
        </span>
        <span className="photo-page__score-label">{t('photo.page.score')}</span>
        <span className="photo-page__level" data-testid="photo-level">
          {language === 'en' ? level.name_en : level.name}
        </span>
      </p>
      {photo.provisional ? (
        <p className="photo-page__placing" data-testid="photo-placing">
          {placement !== null
            ? t('photo.page.placing', { count: placement.matches_to_place })
            : t('photo.page.placingDone')}
          {placement !== null ? (
            <span className="visually-hidden">
              {' '}
              {t('photo.page.range', {
                low: formatScore(placement.score_low),
                high: formatScore(placement.score_high),
              })}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Score, level, place on its board, matches, win rate and whose photo it is. `category` is the
 * board's name, '' until the categories are known (the rank is shown without it meanwhile).
 */
export function PhotoFacts({ photo, category }: { photo: PublicPhoto; category: string }) {
  const t = usePhotoText();
  const rate = winRate(photo);
  return (
    <div className="photo-page__facts">
      <ScoreBlock photo={photo} />
      <p className="photo-page__rank" data-testid="photo-rank">
        {photo.rank === null ? (
          t(category === '' ? 'photo.page.unrankedOnly' : 'photo.page.unranked', { category })
        ) : category === '' ? (
          t('photo.page.rankOnly', { rank: photo.rank })
        ) : (
          <>
            <span aria-hidden="true">{t('photo.page.rank', { rank: photo.rank, category })}</span>
            <span className="visually-hidden">
              {t('photo.page.rankLabel', { rank: photo.rank, total: photo.board_total, category })}
            </span>
          </>
        )}
      </p>
      <dl className="photo-page__stats">
        <div className="photo-page__stat">
          <dt>{t('photo.page.matches')}</dt>
          <dd data-testid="photo-matches">
            {t('photo.page.matchCount', { count: photo.comparisons })}
          </dd>
        </div>
        <div className="photo-page__stat">
          <dt>{t('photo.page.winRate')}</dt>
          <dd data-testid="photo-win-rate">
            {rate === null ? t('photo.page.winRateNone') : `${String(rate)}%`}
          </dd>
        </div>
      </dl>
      <p className="photo-page__owner">{t('photo.page.owner', { name: photo.owner_name })}</p>
    </div>
  );
}
