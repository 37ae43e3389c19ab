import type { VoteStats } from '@yanzhi/contract';
import { Icon } from '../../components/Icon';
import { PageIcon } from '../../components/PageIcon';
import { PhotoFrame } from '../../components/PhotoFrame';
import { UnlockProgress } from '../../components/UnlockProgress';
import { useLanguage } from '../../lib/i18n';
import { useProfileText } from './texts';
import { selectLevel, selectRating, useUserStore, type User } from '../../services/user';
import type { ProfilePhoto } from './profile-photo';
import { Stat } from './Stat';

/** The signed-in user's card: best photo or avatar, name, level, rating, fuel and rank. */
export function ProfileCard({
  user,
  best,
  stats,
}: {
  user: User;
  best: ProfilePhoto | undefined;
  stats: VoteStats | undefined;
}) {
  const t = useProfileText();
  const language = useLanguage();
  const rating = useUserStore(selectRating);
  const level = useUserStore(selectLevel);
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
          <span className="level-badge" data-testid="level">
            {language === 'en' ? level.name_en : level.name}
          </span>
          {best?.provisional ? (
            <span className="provisional-badge" data-testid="provisional">
              {t('photo.provisional')}
            </span>
          ) : null}
        </div>
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
      </div>
      {locked ? (
        <UnlockProgress votes={stats.onboarding.votes} required={stats.onboarding.required} />
      ) : null}
      <dl className="stats">
        <Stat label={t('profile.fuel')} value={`⚡ ${fuel}`} testId="fuel" />
        <Stat label={t('profile.rank')} value={`#${user.rank}`} testId="rank" />
      </dl>
    </section>
  );
}
