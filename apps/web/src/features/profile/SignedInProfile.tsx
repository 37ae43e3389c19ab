import { useEffect, useState } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { PageIcon } from '../../components/PageIcon';
import { useProfileText } from './texts';
import { useVoteStats } from '../../lib/api/get-user-vote-stats';
import { useOnline } from '../../lib/online-status';
import { ShareModal } from '../../services/share';
import { useUserStore, type User } from '../../services/user';
import { AchievementsPanel } from './AchievementsPanel';
import { useMyPhotos } from './api/get-my-photos';
import { DataPanel } from './DataPanel';
import { PhotoNewsInbox } from './news/PhotoNewsInbox';
import { PhotosPanel } from './PhotosPanel';
import { ProfileCard } from './ProfileCard';
import type { ProfilePhoto } from './profile-photo';
import { canShare, profileView } from './profile-view';
import { ProfileTabs, type Tab } from './ProfileTabs';

/** A signed-in user's profile: the card, upload and share, then the photos, data and achievements tabs. */
export function SignedInProfile({ user }: { user: User }) {
  const t = useProfileText();
  const online = useOnline();
  const [tab, setTab] = useState<Tab>('photos');
  const [sharing, setSharing] = useState(false);
  const photosQuery = useMyPhotos(user.id);
  const stats = useVoteStats(user.id);
  const setPhotoPage = useUserStore((state) => state.setPhotoPage);
  const photos = useUserStore((state) => state.photos) as ProfilePhoto[];
  const page = photosQuery.data;
  useEffect(() => {
    if (page) setPhotoPage(page);
  }, [page, setPhotoPage]);
  const fuel = stats.data?.fuel ?? user.fuel;
  const best = photos[0];
  const view = profileView({
    photos,
    page,
    pending: photosQuery.isPending,
    error: photosQuery.error,
    online,
  });
  const retry = () => {
    void photosQuery.refetch();
  };

  return (
    <>
      <ProfileCard user={user} view={view} stats={stats.data} onRetry={retry} />
      <div className="profile__actions">
        {view.kind === 'ready' || view.kind === 'empty' ? (
          <ButtonLink to="/upload" block>
            {view.kind === 'ready' ? t('profile.uploadAnother') : t('profile.uploadFirst')}
          </ButtonLink>
        ) : null}
        {canShare(view, photos) ? (
          <Button
            variant="secondary"
            block
            onClick={() => {
              setSharing(true);
            }}
          >
            <PageIcon name="share" size={18} />
            {t('profile.share')}
          </Button>
        ) : null}
      </div>
      <PhotoNewsInbox userId={user.id} scoreLocked={!stats.data?.onboarding.unlocked} />
      {sharing ? (
        <ShareModal
          request={{ photoId: best?.id ?? null, periodType: 'all', periodDate: null }}
          onClose={() => {
            setSharing(false);
          }}
        />
      ) : null}
      <section className="profile__section" aria-label={t('profile.tabs')}>
        <ProfileTabs tab={tab} onChange={setTab} />
        <div
          role="tabpanel"
          id="profile-panel"
          aria-labelledby={`profile-tab-${tab}`}
          className="tabs__panel"
        >
          {tab === 'photos' ? (
            <PhotosPanel
              photos={photos}
              fuel={fuel}
              locked={stats.data !== undefined && !stats.data.onboarding.unlocked}
              state={{ pending: photosQuery.isPending, error: photosQuery.error }}
              onRetry={retry}
            />
          ) : null}
          {tab === 'data' ? (
            <DataPanel photos={photos} onboarding={stats.data?.onboarding} />
          ) : null}
          {tab === 'achievements' ? (
            <AchievementsPanel
              stats={stats.data}
              error={stats.error}
              pending={stats.isPending}
              onRetry={() => {
                void stats.refetch();
              }}
            />
          ) : null}
        </div>
      </section>
    </>
  );
}
