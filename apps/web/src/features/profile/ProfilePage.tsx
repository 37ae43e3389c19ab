import type { Achievement, MyPhoto, VoteStats } from '@yanzhi/contract';
import { formatScore, ONBOARDING_VOTES_TO_UNLOCK } from '@yanzhi/contract';
import { Suspense, lazy, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Icon } from '../../components/Icon';
import { PageIcon } from '../../components/PageIcon';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { PhotoFrame } from '../../components/PhotoFrame';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { UnlockProgress } from '../../components/UnlockProgress';
import { describeError, isNotAvailableYet } from '../../lib/error-text';
import { photoSrcSet } from '../../lib/photo-sources';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';
import { useVoteStats } from '../../lib/api/get-user-vote-stats';
import { ShareModal } from '../../services/share';
import { toast } from '../../services/toasts';
import {
  selectLevel,
  selectRating,
  useUserStore,
  type User,
  type UserPhoto,
} from '../../services/user';
import { useDeleteAccount } from './api/delete-account';
import { useMyPhotos } from './api/get-my-photos';
import { usePhotoHistory } from './api/get-photo-history';
import { BoostSheet } from './BoostSheet';
import { ConfirmSheet } from './ConfirmSheet';
import { ScoreChart } from './ScoreChart';
import './profile.css';

/** A photo of the list: the spec's id and score, plus what the server sends beside them. */
type ProfilePhoto = UserPhoto & Partial<Omit<MyPhoto, 'id' | 'current_score'>>;

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

function winRate(photo: ProfilePhoto): number | null {
  const comparisons = photo.comparisons ?? 0;
  if (comparisons <= 0) return null;
  return Math.round(((photo.wins ?? 0) / comparisons) * 100);
}

function stateChip(photo: ProfilePhoto, deleted: boolean): { key: MessageKey; tone: string } {
  if (deleted) return { key: 'photo.state.deleted', tone: 'removed' };
  if (photo.state === 'removed') return { key: 'photo.state.removed', tone: 'removed' };
  if (photo.state === 'hidden') return { key: 'photo.state.hidden', tone: 'hidden' };
  if (photo.provisional) return { key: 'photo.provisional', tone: 'provisional' };
  return { key: 'photo.state.active', tone: 'active' };
}

function ProfileCard({
  user,
  best,
  stats,
}: {
  user: User;
  best: ProfilePhoto | undefined;
  stats: VoteStats | undefined;
}) {
  const t = useT();
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

/** The grid's two columns share the page width (at most 560 px) less its padding and gap. */
const MY_PHOTO_SIZES = '(min-width: 560px) 258px, calc(50vw - 22px)';

function PhotoCardItem({
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
  const t = useT();
  const chip = stateChip(photo, deleted);
  const rate = winRate(photo);
  const canBoost = !deleted && (photo.state === undefined || photo.state === 'active');
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
          <span className="my-photo__boost tabular">
            {t('photo.boostRemaining', { count: photo.boost_remaining })}
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
          <Button variant="ghost" aria-label={t('photo.deleteLabel', { n })} onClick={onDelete}>
            {t('photo.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

type OpenAction = { kind: 'boost' | 'delete'; photo: ProfilePhoto; n: number } | null;

function PhotosPanel({
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
  const t = useT();
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
              setOpen({ kind: 'delete', photo, n: index + 1 });
            }}
          />
        ))}
      </ul>
      {open?.kind === 'boost' ? (
        <BoostSheet photoId={open.photo.id} n={open.n} fuel={fuel} onClose={close} />
      ) : null}
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

function DataPanel({
  photos,
  onboarding,
}: {
  photos: ProfilePhoto[];
  onboarding: VoteStats['onboarding'] | undefined;
}) {
  const t = useT();
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

/**
 * The badges are a chunk of their own (the toasts fetch them too): the profile opens on the
 * photos tab, so its first paint does not wait for them (ADR 0018).
 */
const AchievementIcon = lazy(async () => ({
  default: (await import('../../components/AchievementIcon')).AchievementIcon,
}));
/** A badge's place while its code arrives. */
const BADGE_PLACE = { display: 'inline-block', width: 28, height: 28, flex: 'none' } as const;

function AchievementsPanel({
  stats,
  error,
  pending,
  onRetry,
}: {
  stats: VoteStats | undefined;
  error: unknown;
  pending: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  if (pending) {
    return (
      <LoadingRegion>
        <Skeleton height="56px" radius="12px" />
      </LoadingRegion>
    );
  }
  if (stats === undefined) return <ErrorState error={error} onRetry={onRetry} />;
  if (stats.achievements.length === 0) {
    return <p className="profile__note">{t('achievements.empty')}</p>;
  }
  const earned = stats.achievements.filter((item) => item.unlocked_at !== null).length;
  return (
    <>
      <p className="profile__note">
        {t('achievements.count', { earned, total: stats.achievements.length })}
      </p>
      <ul className="achievements">
        {stats.achievements.map((item: Achievement) => {
          const unlocked = item.unlocked_at !== null;
          return (
            <li
              key={item.key}
              className={`achievement ${unlocked ? 'achievement--earned' : 'achievement--locked'}`}
              data-testid="achievement"
            >
              <Suspense fallback={<span className="achievement__icon" style={BADGE_PLACE} />}>
                <AchievementIcon icon={item.icon} size={28} className="achievement__icon" />
              </Suspense>
              <div>
                <p className="achievement__title">
                  {language === 'en' ? item.title_en : item.title}
                </p>
                <p className="achievement__text">
                  {language === 'en' ? item.description_en : item.description}
                </p>
              </div>
              <span className="achievement__state">
                {unlocked ? t('achievements.earned') : t('achievements.locked')}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

const TABS = ['photos', 'data', 'achievements'] as const;
type Tab = (typeof TABS)[number];

function Tabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  const t = useT();
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    let next: Tab | undefined;
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length];
    else if (event.key === 'ArrowLeft') next = TABS[(index + TABS.length - 1) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={t('profile.tabs')}>
      {TABS.map((name) => (
        <button
          key={name}
          ref={(element) => {
            if (element) refs.current.set(name, element);
          }}
          type="button"
          role="tab"
          id={`profile-tab-${name}`}
          aria-controls="profile-panel"
          aria-selected={tab === name}
          tabIndex={tab === name ? 0 : -1}
          className="tabs__tab"
          onKeyDown={onKeyDown}
          onClick={() => {
            onChange(name);
          }}
        >
          {t(`profile.tab.${name}`)}
        </button>
      ))}
    </div>
  );
}

function SignedInProfile({ user }: { user: User }) {
  const t = useT();
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

  return (
    <>
      <ProfileCard user={user} best={best} stats={stats.data} />
      <div className="profile__actions">
        <ButtonLink to="/upload" block>
          {t('profile.uploadAnother')}
        </ButtonLink>
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
      </div>
      {sharing ? (
        <ShareModal
          request={{ photoId: best?.id ?? null, periodType: 'all', periodDate: null }}
          onClose={() => {
            setSharing(false);
          }}
        />
      ) : null}
      <section className="profile__section" aria-label={t('profile.tabs')}>
        <Tabs tab={tab} onChange={setTab} />
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
              onRetry={() => {
                void photosQuery.refetch();
              }}
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

function GuestProfile() {
  const t = useT();
  const stats = useVoteStats(null);
  const data = stats.data;
  return (
    <>
      <section className="card profile-card" aria-labelledby="guest-heading">
        <h2 id="guest-heading" className="profile-card__name">
          {t('profile.guestStats')}
        </h2>
        {data ? (
          <>
            <dl className="stats stats--four">
              <Stat
                label={t('profile.totalVotes')}
                value={String(data.total_votes)}
                testId="total-votes"
              />
              <Stat
                label={t('profile.todayVotes')}
                value={String(data.today_votes)}
                testId="today-votes"
              />
              <Stat label={t('profile.fuel')} value={`⚡ ${data.fuel}`} testId="fuel" />
              <Stat label={t('profile.streak')} value={String(data.streak_days)} testId="streak" />
            </dl>
            {data.onboarding.unlocked ? null : (
              <UnlockProgress votes={data.onboarding.votes} required={data.onboarding.required} />
            )}
          </>
        ) : stats.isPending ? (
          // As tall as the four figures and the progress line, so nothing below moves.
          <LoadingRegion>
            <Skeleton height="124px" radius="12px" />
            <UnlockProgress votes={0} required={ONBOARDING_VOTES_TO_UNLOCK} placeholder />
          </LoadingRegion>
        ) : (
          <ErrorState
            error={stats.error}
            onRetry={() => {
              void stats.refetch();
            }}
          />
        )}
      </section>
      <EmptyState
        icon="camera"
        title={t('profile.guestTitle')}
        message={t('profile.guestText')}
        action={<ButtonLink to="/upload">{t('profile.uploadCta')}</ButtonLink>}
      />
    </>
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

function DeleteAccountButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  return (
    <>
      <Button
        variant="ghost"
        block
        className="button--danger-text"
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        {t('profile.deleteAccount')}
      </Button>
      {open ? (
        <ConfirmSheet
          testId="delete-account-sheet"
          title={t('deleteAccount.title')}
          text={
            <>
              <p>{t('deleteAccount.text')}</p>
              <ul className="sheet-form__list">
                <li>{t('deleteAccount.item.account')}</li>
                <li>{t('deleteAccount.item.photos')}</li>
                <li>{t('deleteAccount.item.votes')}</li>
                <li>{t('deleteAccount.item.fuel')}</li>
              </ul>
            </>
          }
          confirmLabel={t('deleteAccount.confirm')}
          busyLabel={t('deleteAccount.deleting')}
          busy={remove.isPending}
          error={remove.isError ? describeError(remove.error, t) : null}
          onConfirm={() => {
            remove.mutate();
          }}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

/** Personal centre: the user's card, photos, data and achievements, or a voter's stats. */
export function ProfilePage() {
  const t = useT();
  const user = useUserStore((state) => state.user);
  return (
    <div className="page profile">
      <header className="page__header">
        <h1 className="page__title">{t('profile.heading')}</h1>
      </header>
      {user ? <SignedInProfile key={user.id} user={user} /> : <GuestProfile />}
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
        {user ? (
          <>
            <SignOutButton />
            <DeleteAccountButton />
          </>
        ) : null}
      </section>
    </div>
  );
}
