import { useState } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingRegion } from '../../components/Skeleton';
import { useCategories } from '../../lib/api/get-categories';
import { useT } from '../../lib/i18n';
import { useOnline } from '../../lib/online-status';
import { OfflineState } from '../../services/offline';
import type { Choice } from './vote-request';
import { ArenaCard, type CardState } from './ArenaCard';
import type { Reveal } from './use-vote';
import type { PairFeed } from './use-pair-feed';

interface PairStageProps {
  feed: PairFeed;
  reveal: Reveal | null;
  hintId: string;
  onCategory: (categoryId: number) => void;
  onVote: (choice: Choice) => void;
  onReport: (choice: Choice) => void;
  onInspect: (choice: Choice) => void;
}

function cardState(reveal: Reveal | null, choice: Choice): CardState {
  if (reveal === null) return 'idle';
  if (reveal.choice !== choice) return 'other';
  return reveal.result === null && reveal.queued !== true ? 'waiting' : 'chosen';
}

function VersusMark() {
  const t = useT();
  return (
    <span className="arena__vs" aria-hidden="true">
      {t('arena.vs')}
    </span>
  );
}

/** Shown only until the very first pair arrives; later pairs are already waiting. */
function PairSkeleton() {
  const t = useT();
  return (
    <LoadingRegion label={t('arena.pairLoading')}>
      <div className="arena__pair" data-testid="arena-skeleton">
        <span className="arena-card arena-card--skeleton" />
        <VersusMark />
        <span className="arena-card arena-card--skeleton" />
      </div>
    </LoadingRegion>
  );
}

/** No pair left for this voter here: bring a photo, or try the next category. */
function NoPairState({
  categoryId,
  onCategory,
}: {
  categoryId: number | null;
  onCategory: (categoryId: number) => void;
}) {
  const t = useT();
  const list = useCategories().data ?? [];
  const index = list.findIndex((category) => category.id === categoryId);
  const next = list.length > 1 ? list[(index + 1) % list.length] : undefined;
  return (
    <div className="arena__state" data-testid="arena-empty">
      <EmptyState
        role="status"
        icon="camera"
        title={t('arena.emptyTitle')}
        message={t('arena.emptyText')}
        action={
          <div className="arena__state-actions">
            <ButtonLink to="/upload">{t('arena.emptyUpload')}</ButtonLink>
            {next === undefined ? null : (
              <Button
                variant="secondary"
                onClick={() => {
                  onCategory(next.id);
                }}
              >
                {t('arena.emptySwitch')}
              </Button>
            )}
          </div>
        }
      />
    </div>
  );
}

/** The centre of the arena: the pair (or what stands in for it) in two identical 3:4 frames. */
export function PairStage({
  feed,
  reveal,
  hintId,
  onCategory,
  onVote,
  onReport,
  onInspect,
}: PairStageProps) {
  const t = useT();
  const online = useOnline();
  const pair = feed.current;
  // The pair on screen when the arena opens is there at once; the next ones slide in.
  const [firstPairId, setFirstPairId] = useState<string | null>(null);
  if (firstPairId === null && pair !== null) setFirstPairId(pair.pair_id);
  let content;
  if (pair !== null) {
    const revealed = reveal?.result ?? null;
    const scoreOf = (id: number) =>
      revealed === null ? null : revealed.winner.id === id ? revealed.winner : revealed.loser;
    // Keyed by side, not by pair: the buttons stay and keep focus while the photos change.
    const card = (choice: Choice) => (
      <ArenaCard
        key={choice}
        choice={choice}
        photo={pair.photos[choice]}
        pairId={pair.pair_id}
        state={cardState(reveal, choice)}
        revealed={scoreOf(pair.photos[choice].id)}
        onVote={onVote}
        onReport={onReport}
        onInspect={onInspect}
      />
    );
    content = (
      <div
        className={`arena__pair ${reveal === null ? '' : 'arena__pair--revealing'} ${pair.pair_id === (firstPairId ?? pair.pair_id) ? 'arena__pair--first' : ''}`}
        role="group"
        aria-label={t('arena.pairLabel')}
        aria-describedby={hintId}
        data-testid="arena-pair"
        data-pair-id={pair.pair_id}
      >
        {card(0)}
        <VersusMark />
        {card(1)}
      </div>
    );
  } else if (!online) {
    // Pairs already fetched were voted on offline; new ones need the server (ADR 0015).
    content = (
      <div className="arena__state" data-testid="arena-offline">
        <OfflineState message={t('offline.arenaText')} />
      </div>
    );
  } else if (feed.status === 'empty') {
    content = <NoPairState categoryId={feed.source?.categoryId ?? null} onCategory={onCategory} />;
  } else if (feed.status === 'error') {
    content = (
      <div className="arena__state">
        <ErrorState title={t('arena.loadError')} error={feed.error} onRetry={feed.retry} />
      </div>
    );
  } else {
    content = <PairSkeleton />;
  }
  return (
    <section className="arena__stage" aria-label={t('arena.stageLabel')}>
      {content}
    </section>
  );
}
