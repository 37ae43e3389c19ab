import { useState } from 'react';
import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { useProfileText } from './texts';
import { toast } from '../../services/toasts';
import { useUserStore } from '../../services/user';
import { BoostSheet } from './BoostSheet';
import { ConfirmSheet } from '../../components/ConfirmSheet';
import { LastPhotoSheet } from './LastPhotoSheet';
import { PhotoCardItem } from './PhotoCardItem';
import type { ProfilePhoto } from './profile-photo';

type OpenAction = { kind: 'boost' | 'delete' | 'last'; photo: ProfilePhoto; n: number } | null;

/** The photos tab: the grid of my photos, with the boost and delete sheets. */
export function PhotosPanel({
  photos,
  fuel,
  locked,
  state,
  onRetry,
}: {
  photos: ProfilePhoto[];
  fuel: number;
  locked: boolean;
  state: { pending: boolean; error: unknown };
  onRetry: () => void;
}) {
  const t = useProfileText();
  const deletePhoto = useUserStore((s) => s.deletePhoto);
  const total = useUserStore((s) => s.total_photos);
  const [open, setOpen] = useState<OpenAction>(null);
  const [deleting, setDeleting] = useState(false);
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<number>>(new Set());
  const close = () => {
    setOpen(null);
  };

  const confirmDelete = async (photo: ProfilePhoto) => {
    setDeleting(true);
    const result = await deletePhoto(photo.id);
    setDeleting(false);
    if (result.success) {
      toast.success(result.message);
      // The store keeps the last photo in its list (spec §4): show it as deleted.
      if (useUserStore.getState().photos.some((item) => item.id === photo.id)) {
        setDeletedIds((ids) => new Set(ids).add(photo.id));
      }
    } else {
      toast.error(result.message);
    }
    setOpen(null);
  };

  if (state.pending && photos.length === 0) {
    return (
      <LoadingRegion>
        <div className="my-photos">
          <Skeleton height="180px" radius="16px" />
          <Skeleton height="180px" radius="16px" />
        </div>
      </LoadingRegion>
    );
  }
  if (state.error && photos.length === 0) {
    return <ErrorState error={state.error} onRetry={onRetry} />;
  }
  if (photos.length === 0) {
    return (
      <EmptyState
        icon="camera"
        title={t('profile.photosEmpty')}
        action={<ButtonLink to="/upload">{t('profile.uploadCta')}</ButtonLink>}
      />
    );
  }
  return (
    <>
      <p className="profile__note" role="status">
        {t('profile.photoCount', { count: total })}
      </p>
      <ul className="my-photos">
        {photos.map((photo, index) => (
          <PhotoCardItem
            key={photo.id}
            photo={photo}
            n={index + 1}
            deleted={deletedIds.has(photo.id)}
            locked={locked}
            onBoost={() => {
              setOpen({ kind: 'boost', photo, n: index + 1 });
            }}
            onDelete={() => {
              // Spec §4: the only photo left is not deleted; say why instead of asking.
              const last = photos.length - deletedIds.size <= 1 && total <= 1;
              setOpen({ kind: last ? 'last' : 'delete', photo, n: index + 1 });
            }}
          />
        ))}
      </ul>
      {open?.kind === 'boost' ? (
        <BoostSheet photo={open.photo} n={open.n} fuel={fuel} onClose={close} />
      ) : null}
      {open?.kind === 'last' ? <LastPhotoSheet onClose={close} /> : null}
      {open?.kind === 'delete' ? (
        <ConfirmSheet
          testId="delete-photo-sheet"
          title={t('deletePhoto.title', { n: open.n })}
          text={<p>{t('deletePhoto.text')}</p>}
          confirmLabel={t('deletePhoto.confirm')}
          busyLabel={t('deletePhoto.deleting')}
          busy={deleting}
          onConfirm={() => {
            void confirmDelete(open.photo);
          }}
          onClose={close}
        />
      ) : null}
    </>
  );
}
