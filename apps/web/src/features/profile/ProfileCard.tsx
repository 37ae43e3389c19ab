import type { VoteStats } from '@yanzhi/contract';
import { ErrorState } from '../../components/ErrorState';
import { Icon } from '../../components/Icon';
import { PageIcon } from '../../components/PageIcon';
import { PhotoFrame } from '../../components/PhotoFrame';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { UnlockProgress } from '../../components/UnlockProgress';
import { useCategories } from '../../lib/api/get-categories';
import { useLanguage } from '../../lib/i18n';
import { useProfileText } from './texts';
import { selectLevel, selectRating, useUserStore, type User } from '../../services/user';
import { categoryName, type ProfileView } from './profile-view';
import { Stat } from './Stat';

type ReadyView = Extract<ProfileView, { kind: 'ready' }>;

/** The signed-in user's card: best photo or avatar, name, then only what is known. */
export function ProfileCard({
  user,
  view,
  stats,
  onRetry,
}: {
  user: User;
  view: ProfileView;
  stats: VoteStats | undefined;
  onRetry: () => void;
}) {
  const t = useProfileText();
  const best = view.kind === 'ready' ? view.best : undefined;
  const locked = stats !== undefined && !stats.onboarding.unlocked;
  const fuel = stats?.fuel ?? user.fuel;
  return (
    <section className="card profile-card" aria-labelledby="profile-nickname">
      <div className="profile-card__identity">
        {best?.image ? (
          <PhotoFrame
            className="profile-card__best"
            src={best.image.thumb_url}
            placeholder={best.image.placeholder}
            alt={t('profile.bestPhotoAlt')}
          />
        ) : (
          <span className="profile-card__avatar">
            {user.avatar_url ? (
              <img
                src={user.avatar_url}
                alt={t('profile.avatarAlt', { nickname: user.nickname })}
              />
            ) : (
              <Icon name="user" size={28} />
            )}
          </span>
        )}
        <div className="profile-card__who">
          <h2 id="profile-nickname" className="profile-card__name">
            {user.nickname}
          </h2>
          {view.kind === 'ready' ? <Standing view={view} /> : null}
        </div>
        {view.kind === 'ready' ? <Rating locked={locked} /> : null}
      </div>
      {view.kind === 'loading' ? (
        <LoadingRegion label={t('profile.loadingCard')}>
          <span className="profile-card__skeleton" data-testid="profile-skeleton">
            <Skeleton width="40%" height="20px" radius="10px" />
            <Skeleton width="60%" height="16px" />
          </span>
        </LoadingRegion>
      ) : null}
      {view.kind === 'empty' ? (
        <p className="profile-card__note" data-testid="profile-no-photo">
          <strong>{t('profile.noPhotoTitle')}</strong> {t('profile.noPhotoText')}
        </p>
      ) : null}
      {view.kind === 'offline' ? (
        <p className="profile-card__note" role="status" data-testid="profile-offline">
          <Icon name="offline" size={18} /> <strong>{t('profile.offlineTitle')}</strong>{' '}
          {t('profile.offlineText')}
        </p>
      ) : null}
      {view.kind === 'error' ? (
        <ErrorState error={view.error} onRetry={onRetry} title={t('profile.loadFailedTitle')} />
      ) : null}
      {view.kind === 'ready' && view.cached ? (
        <p className="profile-card__note" role="status" data-testid="profile-cached">
          <Icon name="offline" size={18} /> {t('profile.offlineCached')}
        </p>
      ) : null}
      {locked ? (
        <UnlockProgress votes={stats.onboarding.votes} required={stats.onboarding.required} />
      ) : null}
      <dl className="stats">
        <Stat label={t('profile.fuel')} value={`⚡ ${fuel}`} testId="fuel" />
        {view.kind === 'ready' ? <RankStat view={view} /> : null}
      </dl>
    </section>
  );
}

/** The level (from the best photo's score) once it is placed, or that it is still placing. */
function Standing({ view }: { view: ReadyView }) {
  const t = useProfileText();
  const language = useLanguage();
  const level = useUserStore(selectLevel);
  return (
    <>
      {/* A placing photo's score is still a guess: no level from it yet. */}
      {view.best.provisional ? null : (
        <span className="level-badge" data-testid="level">
          {language === 'en' ? level.name_en : level.name}
        </span>
      )}
      {view.best.provisional ? (
        <span className="provisional-badge" data-testid="provisional">
          {t('photo.provisional')}
        </span>
      ) : null}
    </>
  );
}

function Rating({ locked }: { locked: boolean }) {
  const t = useProfileText();
  const rating = useUserStore(selectRating);
  return (
    <div className="profile-card__rating">
      {locked ? (
        <span className="profile-card__locked" data-testid="rating-locked">
          <PageIcon name="unlock" size={20} />
          <span className="visually-hidden">{t('profile.rating')}</span>
        </span>
      ) : (
        <>
          <span className="profile-card__rating-value tabular" data-testid="rating">
            {rating.toFixed(1)}
          </span>
          <span className="profile-card__rating-label">{t('profile.rating')}</span>
        </>
      )}
    </div>
  );
}

/** "#N · 分类" from the board itself; placing or off every board otherwise. */
function RankStat({ view }: { view: ReadyView }) {
  const t = useProfileText();
  const language = useLanguage();
  const categories = useCategories();
  let value: string;
  if (view.ranked !== null) {
    const name = categoryName(categories.data, view.ranked.categoryId, language === 'en');
    value =
      name === null
        ? `#${view.ranked.rank}`
        : t('profile.rankValue', { rank: view.ranked.rank, category: name });
  } else {
    value = view.placing ? t('profile.rankPlacing') : t('profile.rankOff');
  }
  return <Stat label={t('profile.rank')} value={value} testId="rank" />;
}
