import { useEffect, useState } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Icon } from '../../components/Icon';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { useLanguage, useT } from '../../lib/i18n';
import { toast } from '../toasts';
import { selectLevel, selectRating, useUserStore, type User } from '../user';
import { useMyPhotos } from './api/get-my-photos';
import './profile.css';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value tabular" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ProfileCard({ user }: { user: User }) {
  const t = useT();
  const language = useLanguage();
  const rating = useUserStore(selectRating);
  const level = useUserStore(selectLevel);
  return (
    <section className="card profile-card" aria-labelledby="profile-nickname">
      <div className="profile-card__identity">
        <span className="profile-card__avatar">
          {user.avatar_url ? (
            <img src={user.avatar_url} alt={t('profile.avatarAlt', { nickname: user.nickname })} />
          ) : (
            <Icon name="user" size={28} />
          )}
        </span>
        <div>
          <h2 id="profile-nickname" className="profile-card__name">
            {user.nickname}
          </h2>
          <span className="level-badge" data-testid="level">
            {language === 'en' ? level.name_en : level.name}
          </span>
        </div>
        <div className="profile-card__rating">
          <span className="profile-card__rating-value tabular" data-testid="rating">
            {rating.toFixed(1)}
          </span>
          <span className="profile-card__rating-label">{t('profile.rating')}</span>
        </div>
      </div>
      <dl className="stats">
        <Stat label={t('profile.fuel')} value={`⚡ ${user.fuel}`} testId="fuel" />
        <Stat label={t('profile.rank')} value={`#${user.rank}`} testId="rank" />
      </dl>
    </section>
  );
}

function MyPhotos({ userId }: { userId: number }) {
  const t = useT();
  const photos = useMyPhotos(userId);
  const setPhotoPage = useUserStore((state) => state.setPhotoPage);
  const page = photos.data;
  useEffect(() => {
    if (page) setPhotoPage(page);
  }, [page, setPhotoPage]);

  let content;
  if (photos.isPending) {
    content = (
      <LoadingRegion>
        <Skeleton height="96px" radius="16px" />
      </LoadingRegion>
    );
  } else if (photos.isError) {
    content = (
      <ErrorState
        error={photos.error}
        onRetry={() => {
          void photos.refetch();
        }}
      />
    );
  } else {
    content = (
      <p className="profile__note" role="status">
        {t('profile.photoCount', { count: page?.total_photos ?? 0 })}
      </p>
    );
  }
  return (
    <section className="profile__section" aria-labelledby="my-photos-heading">
      <h2 id="my-photos-heading" className="section-title">
        {t('profile.myPhotos')}
      </h2>
      {content}
    </section>
  );
}

function SignOutButton() {
  const t = useT();
  const signOut = useUserStore((state) => state.signOut);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    await signOut();
    toast.info(t('profile.signedOut'));
  };
  return (
    <Button
      variant="secondary"
      block
      disabled={busy}
      onClick={() => {
        void onClick();
      }}
    >
      {busy ? t('profile.signingOut') : t('profile.signOut')}
    </Button>
  );
}

/** Personal centre: the user's card and photos, or an invitation to upload a first photo. */
export function ProfilePage() {
  const t = useT();
  const user = useUserStore((state) => state.user);
  return (
    <div className="page profile">
      <header className="page__header">
        <h1 className="page__title">{t('profile.heading')}</h1>
      </header>

      {user ? (
        <>
          <ProfileCard user={user} />
          <MyPhotos userId={user.id} />
          <ButtonLink to="/upload" block>
            {t('profile.uploadCta')}
          </ButtonLink>
        </>
      ) : (
        <EmptyState
          icon="camera"
          title={t('profile.guestTitle')}
          message={t('profile.guestText')}
          action={<ButtonLink to="/upload">{t('profile.uploadCta')}</ButtonLink>}
        />
      )}

      <section className="profile__section" aria-labelledby="settings-heading">
        <h2 id="settings-heading" className="section-title">
          {t('profile.settings')}
        </h2>
        <div className="profile__setting">
          <span className="profile__setting-label" aria-hidden="true">
            {t('language.label')}
          </span>
          <LanguageSwitch />
        </div>
        {user ? <SignOutButton /> : null}
      </section>
    </div>
  );
}
