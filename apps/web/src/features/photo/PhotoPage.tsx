import { ErrorCode, PHOTO_PAGE_SIZES, photoSrcSet, type PublicPhoto } from '@yanzhi/contract';
import { useState } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PhotoFrame } from '../../components/PhotoFrame';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { useCategories } from '../../lib/api/get-categories';
import { ApiError } from '../../lib/api-errors';
import { categoryName } from '../../lib/categories';
import { useLanguage } from '../../lib/i18n';
import { useOnline } from '../../lib/online-status';
import { useLocation } from '../../lib/router';
import { OfflineState } from '../../services/offline';
import { ShareModal } from '../../services/share';
import { usePhoto } from './api/get-photo';
import { PhotoFacts } from './PhotoFacts';
import { comparePath, photoIdFromPath } from './photo-path';
import { usePhotoText } from './texts';
import './photo.css';

function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === ErrorCode.PHOTO_NOT_FOUND || error.code === ErrorCode.VALIDATION_FAILED)
  );
}

function NotFound() {
  const t = usePhotoText();
  return (
    <EmptyState
      icon="camera"
      role="status"
      title={t('photo.page.notFoundTitle')}
      message={t('photo.page.notFoundMessage')}
      action={<ButtonLink to="/arena">{t('photo.page.toArena')}</ButtonLink>}
    />
  );
}

function PhotoSkeleton() {
  const t = usePhotoText();
  return (
    <LoadingRegion label={t('photo.page.loading')}>
      <div className="photo-page__body" data-testid="photo-loading">
        <div className="photo-page__frame photo-page__frame--skeleton">
          <Skeleton width="100%" height="100%" radius="16px" />
        </div>
        <div className="photo-page__facts">
          <Skeleton width="50%" height="40px" />
          <Skeleton width="40%" height="20px" />
          <Skeleton width="70%" height="44px" />
        </div>
      </div>
    </LoadingRegion>
  );
}

function PhotoView({ photo }: { photo: PublicPhoto }) {
  const t = usePhotoText();
  const language = useLanguage();
  const { data: categories } = useCategories();
  const [sharing, setSharing] = useState(false);
  const category = categories?.find((item) => item.id === photo.category_id);
  const name = category === undefined ? '' : categoryName(category, language);
  const notice =
    photo.state === 'hidden'
      ? t('photo.page.hidden')
      : photo.state === 'removed'
        ? t('photo.page.removed')
        : null;
  return (
    <div className="photo-page__body" data-testid="photo-page" data-photo-id={photo.id}>
      <PhotoFrame
        className="photo-page__frame"
        src={photo.image.medium_url ?? photo.image.url}
        srcSet={photoSrcSet(photo.image)}
        sizes={PHOTO_PAGE_SIZES}
        placeholder={photo.image.placeholder}
        alt={t('photo.page.alt', { name: photo.owner_name })}
      />
      <PhotoFacts photo={photo} category={name} />
      {notice !== null ? (
        <p className="photo-page__notice" role="note">
          {notice}
        </p>
      ) : null}
      <div className="photo-page__actions">
        {photo.state === 'active' ? (
          <ButtonLink to={comparePath(photo)} data-testid="photo-compare">
            {t('photo.page.compare')}
          </ButtonLink>
        ) : null}
        {photo.is_mine && photo.state === 'active' ? (
          <Button
            variant="secondary"
            onClick={() => {
              setSharing(true);
            }}
            data-testid="photo-share"
          >
            {t('photo.page.share')}
          </Button>
        ) : (
          <ButtonLink
            variant="secondary"
            to={`/leaderboard?category=${String(photo.category_id)}&period=all`}
          >
            {t('photo.page.leaderboard')}
          </ButtonLink>
        )}
      </div>
      {sharing ? (
        <ShareModal
          request={{ photoId: photo.id, periodType: 'all', periodDate: null }}
          onClose={() => {
            setSharing(false);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * One photo's page (`/p/<id>`), where shared cards and links land: the photo, its score (or
 * its range while it is placed), level, place on its board, matches, win rate, whose it is,
 * and "来比一比" into the arena on its category. Public: nothing about the owner beyond the
 * name the boards show.
 */
export function PhotoPage() {
  const t = usePhotoText();
  const { pathname } = useLocation();
  const photoId = photoIdFromPath(pathname);
  const online = useOnline();
  const query = usePhoto(photoId);

  let content;
  if (photoId === null) content = <NotFound />;
  else if (query.data !== undefined) content = <PhotoView photo={query.data} />;
  else if (!online) content = <OfflineState message={t('photo.page.offline')} />;
  else if (query.isError && isNotFound(query.error)) content = <NotFound />;
  else if (query.isError) {
    content = (
      <ErrorState
        error={query.error}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  } else content = <PhotoSkeleton />;

  return (
    <div className="page photo-page">
      <header className="page__header">
        <h1 className="page__title">{t('photo.page.heading')}</h1>
      </header>
      {content}
    </div>
  );
}
