import type { PhotoCard } from '@yanzhi/contract';
import { DEFAULT_FUEL, ONBOARDING_VOTES_TO_UNLOCK } from '@yanzhi/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import { CategoryBar } from '../../components/CategoryChips';
import { FuelPill } from '../../components/FuelPill';
import { Icon } from '../../components/Icon';
import { UnlockProgress } from '../../components/UnlockProgress';
import { useT } from '../../lib/i18n';
import { useOnline } from '../../lib/online-status';
import { useVoteStats } from '../../lib/api/get-user-vote-stats';
import { useOutboxSnapshot } from '../../services/offline';
import { useUserStore } from '../../services/user';
import type { Choice } from './vote-request';
import { PairStage } from './PairStage';
import { usePairFeed } from './use-pair-feed';
import type * as SheetsModule from './sheets';
import { useVote } from './use-vote';
import { useArenaAddress } from './use-arena-address';
import './arena.css';
import './feedback.css';

type Sheets = typeof SheetsModule;
let loadedSheets: Sheets | null = null;
/** A chunk of their own, fetched once the first photos are in (or on the first tap). */
const loadSheets = async (): Promise<Sheets> => (loadedSheets ??= await import('./sheets'));

/** Keys that vote: 1 / ← for the first photo, 2 / → for the second. */
const KEY_CHOICES: Readonly<Record<string, Choice>> = {
  '1': 0,
  ArrowLeft: 0,
  '2': 1,
  ArrowRight: 1,
};
/** The key that skips the pair (the visible "跳过" too); clear of the vote keys. */
const SKIP_KEYS: ReadonlySet<string> = new Set(['s', 'S']);

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

interface OpenSheet {
  kind: 'report' | 'viewer';
  photo: PhotoCard;
  n: number;
}

/** The arena (`/` and `/arena`): pick the more attractive of two photos, again and again. */
export function ArenaPage() {
  const t = useT();
  const hintId = useId();
  const address = useArenaAddress();
  const [categoryId, setCategoryId] = useState<number | null>(address.categoryId);
  const user = useUserStore((state) => state.user);
  const userId = user?.id ?? null;
  const feed = usePairFeed(categoryId, userId, address.lead);
  // Once the photos on screen are in (the next pair is waiting), or there are none to wait for:
  // the statistics and the sheets never compete with the first photos on a slow network.
  // Once true it stays: a retry or a drained queue later must not hold the statistics again.
  const online = useOnline();
  const [firstPhotosIn, setFirstPhotosIn] = useState(false);
  if (
    !firstPhotosIn &&
    (feed.queued > 0 || feed.status === 'empty' || feed.status === 'error' || !online)
  ) {
    setFirstPhotosIn(true);
  }
  const stats = useVoteStats(userId, firstPhotosIn);
  const pair = feed.current;
  const { reveal, vote, skip, announcement, lastResult } = useVote({
    pair,
    source: feed.source,
    userId,
    consume: feed.consume,
  });
  const [sheet, setSheet] = useState<OpenSheet | null>(null);
  const [sheets, setSheets] = useState<Sheets | null>(loadedSheets);
  // Fetched once the photos on screen are in, or at once when a sheet is opened before.
  const wanted = firstPhotosIn || sheet !== null;
  useEffect(() => {
    if (!wanted || sheets !== null) return;
    let live = true;
    loadSheets().then(
      (loaded) => {
        if (live) setSheets(loaded);
      },
      (error: unknown) => {
        console.error('[arena] sheets not loaded', error);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, sheets]);

  const { pending } = useOutboxSnapshot();
  // The statistics follow every answer, also of votes sent later from the offline queue; the
  // last answer only stands in when they could not be loaded.
  const fuel = stats.data?.fuel ?? (user === null ? lastResult?.fuel : user.fuel) ?? DEFAULT_FUEL;
  const counted = stats.data?.onboarding ?? lastResult?.onboarding;
  // Queued votes count towards the progress at once; the server's answers settle it.
  const onboarding =
    counted === undefined || counted.unlocked
      ? counted
      : { ...counted, votes: Math.min(counted.required, counted.votes + pending) };
  // Unlocked while here: the bar stays, full, with where to go next (UnlockDone).
  const [sawLocked, setSawLocked] = useState(false);
  if (!sawLocked && onboarding !== undefined && !onboarding.unlocked) setSawLocked(true);
  const unlockedHere = sawLocked && onboarding?.unlocked === true;

  // Back online: a feed that failed for want of a network starts again by itself.
  const wasOnline = useRef(online);
  const { status: feedStatus, retry: retryFeed } = feed;
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && feedStatus === 'error') retryFeed();
  }, [online, feedStatus, retryFeed]);

  const openSheet = useCallback(
    (kind: OpenSheet['kind'], choice: Choice) => {
      const photo = pair?.photos[choice];
      if (photo !== undefined) setSheet({ kind, photo, n: choice + 1 });
    },
    [pair],
  );
  const closeSheet = useCallback(() => {
    setSheet(null);
  }, []);

  useEffect(() => {
    if (sheet !== null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      if (SKIP_KEYS.has(event.key)) {
        event.preventDefault();
        skip();
        return;
      }
      const choice = KEY_CHOICES[event.key];
      if (choice === undefined) return;
      event.preventDefault();
      void vote(choice);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [sheet, vote, skip]);

  return (
    <div className="page arena">
      <h1 className="visually-hidden">{t('arena.heading')}</h1>
      <header className="arena__top">
        <CategoryBar selectedId={categoryId} onSelect={setCategoryId} />
        <div className="arena__actions">
          {/* Counting up rides in the sheets' chunk: until it is in, the balance just shows. */}
          {sheets !== null ? <sheets.CountedFuelPill fuel={fuel} /> : <FuelPill fuel={fuel} />}
          <Link to="/profile" className="avatar-link" aria-label={t('arena.profileLink')}>
            {user?.avatar_url ? (
              <img className="avatar-link__img" src={user.avatar_url} alt="" />
            ) : (
              <Icon name="user" size={22} />
            )}
          </Link>
        </div>
      </header>

      {onboarding !== undefined && !onboarding.unlocked ? (
        <UnlockProgress votes={onboarding.votes} required={onboarding.required} />
      ) : null}
      {/* Where to go next rides in the sheets' chunk (in long before a 10th vote); until it is
          here, an invisible bar keeps its place. */}
      {unlockedHere && sheets !== null ? (
        <sheets.UnlockDone required={onboarding.required} hasAccount={user !== null} />
      ) : null}
      {unlockedHere && sheets === null ? (
        <UnlockProgress votes={onboarding.required} required={onboarding.required} placeholder />
      ) : null}
      {/* Its place is kept while the stats load, so the photos do not jump down when it shows. */}
      {onboarding === undefined && stats.isPending ? (
        <UnlockProgress votes={0} required={ONBOARDING_VOTES_TO_UNLOCK} placeholder />
      ) : null}

      <PairStage
        feed={feed}
        reveal={reveal}
        hintId={hintId}
        onCategory={setCategoryId}
        onVote={(choice) => {
          void vote(choice);
        }}
        onReport={(choice) => {
          openSheet('report', choice);
        }}
        onInspect={(choice) => {
          openSheet('viewer', choice);
        }}
      />

      <div className="arena__below">
        <Link to="/onboarding" className="arena__quiet">
          {t('arena.onboardingLink')}
        </Link>
        <button
          type="button"
          className="arena__quiet arena__skip"
          disabled={pair === null || reveal !== null}
          onClick={skip}
          aria-keyshortcuts="S"
        >
          {t('arena.skip')}
        </button>
        <span className="arena__keys" aria-hidden="true">
          {t('arena.keys')}
        </span>
      </div>
      <p id={hintId} className="visually-hidden">
        {t('arena.hint')}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="arena-announcer">
        {announcement}
      </p>

      {sheets !== null && sheet?.kind === 'report' ? (
        <sheets.ReportSheet photo={sheet.photo} n={sheet.n} onClose={closeSheet} />
      ) : null}
      {sheets !== null && sheet?.kind === 'viewer' ? (
        <sheets.PhotoViewer photo={sheet.photo} n={sheet.n} onClose={closeSheet} />
      ) : null}
    </div>
  );
}
