import type { Leaderboard, LeaderboardEntry } from '@yanzhi/contract';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { BoardRow, PodiumPlace } from './BoardEntry';
import { useSentinel } from './use-sentinel';
import { useLeaderboardText } from './texts';

const PODIUM_SIZE = 3;
const FIRST_SKELETON_ROWS = 5;
const MORE_SKELETON_ROWS = 3;

/** The entries of the loaded pages in order, each photo once (a vote between two page reads can
 *  move a photo across the page boundary). */
export function entriesOf(pages: readonly Leaderboard[]): LeaderboardEntry[] {
  const seen = new Set<number>();
  const entries: LeaderboardEntry[] = [];
  for (const page of pages) {
    for (const entry of page.items) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      entries.push(entry);
    }
  }
  return entries;
}

function SkeletonRows({ count }: { count: number }) {
  return (
    <ol className="board-rows" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="board-row board-row--skeleton" data-testid="skeleton-row">
          <Skeleton width="24px" height="20px" />
          <Skeleton width="48px" height="64px" radius="10px" />
          <Skeleton width="40%" height="16px" />
        </li>
      ))}
    </ol>
  );
}

export function BoardSkeleton() {
  return (
    <LoadingRegion>
      <div className="podium podium--skeleton" aria-hidden="true">
        {[2, 1, 3].map((place) => (
          <span key={place} className={`podium__skeleton podium__skeleton--${place}`}>
            <Skeleton height={place === 1 ? '160px' : '128px'} radius="16px" />
            <Skeleton width="60%" height="14px" />
          </span>
        ))}
      </div>
      <SkeletonRows count={FIRST_SKELETON_ROWS} />
    </LoadingRegion>
  );
}

export interface BoardPagesState {
  pages: readonly Leaderboard[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  isFetchingNextPage: boolean;
  isFetchingPreviousPage: boolean;
  nextPageError: unknown;
}

interface BoardProps {
  state: BoardPagesState;
  flashingId: number | null;
  onLoadMore: () => void;
  onLoadEarlier: () => void;
  onBackToTop: () => void;
}

/**
 * The loaded board: the podium (when the first page is loaded), the rows, and at the end a
 * "load more" button that the IntersectionObserver presses on its own as it nears the screen.
 */
export function Board({ state, flashingId, onLoadMore, onLoadEarlier, onBackToTop }: BoardProps) {
  const t = useLeaderboardText();
  const { pages, hasNextPage, isFetchingNextPage, nextPageError } = state;
  const sentinel = useSentinel<HTMLButtonElement>(
    onLoadMore,
    hasNextPage && !isFetchingNextPage && nextPageError === null,
  );
  const entries = entriesOf(pages);
  const first = pages[0];
  const fromTop = first?.current_page === 1;
  // The podium is the top three places, provisional photos included: they are ranked by the
  // low end of their range, so one reaches it only when even that beats the others.
  const podium = fromTop ? entries.slice(0, PODIUM_SIZE) : [];
  const tracked = first !== undefined && first.changes_since !== null;
  const rows = fromTop ? entries.slice(PODIUM_SIZE) : entries;

  if (first === undefined || (fromTop && entries.length === 0)) {
    return (
      <EmptyState
        icon="trophy"
        role="status"
        title={t('leaderboard.empty.title')}
        message={t('leaderboard.empty.text')}
        action={
          <span className="board-empty__actions">
            <ButtonLink to="/">{t('leaderboard.vote')}</ButtonLink>
            <ButtonLink to="/upload" variant="secondary">
              {t('leaderboard.upload')}
            </ButtonLink>
          </span>
        }
      />
    );
  }

  return (
    <>
      {podium.length > 0 ? (
        <ol
          className="podium"
          aria-label={t('leaderboard.podium')}
          data-testid="podium"
          data-places={podium.length}
        >
          {podium.map((entry, index) => (
            <PodiumPlace
              key={entry.id}
              entry={entry}
              place={(index + 1) as 1 | 2 | 3}
              flashing={entry.id === flashingId}
              tracked={tracked}
            />
          ))}
        </ol>
      ) : null}

      {fromTop ? null : (
        <div className="board-jump" data-testid="board-jump">
          <p className="board-jump__text">
            {t('leaderboard.jumpedFrom', { rank: entries[0]?.rank ?? '' })}
          </p>
          <div className="board-jump__actions">
            {state.hasPreviousPage ? (
              <Button
                variant="secondary"
                disabled={state.isFetchingPreviousPage}
                onClick={onLoadEarlier}
              >
                {t('leaderboard.loadEarlier')}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={onBackToTop}>
              {t('leaderboard.backToTop')}
            </Button>
          </div>
        </div>
      )}

      {rows.length > 0 ? (
        <ol className="board-rows" aria-label={t('leaderboard.list')} data-testid="board-rows">
          {rows.map((entry) => (
            <BoardRow
              key={entry.id}
              entry={entry}
              flashing={entry.id === flashingId}
              tracked={tracked}
            />
          ))}
        </ol>
      ) : null}

      {isFetchingNextPage ? (
        <LoadingRegion label={t('leaderboard.loadingMore')}>
          <SkeletonRows count={MORE_SKELETON_ROWS} />
        </LoadingRegion>
      ) : nextPageError !== null ? (
        <ErrorState title={t('leaderboard.moreError')} error={nextPageError} onRetry={onLoadMore} />
      ) : hasNextPage ? (
        <button
          ref={sentinel}
          type="button"
          className="button button--secondary button--block board-more"
          data-testid="load-more"
          onClick={onLoadMore}
        >
          {t('leaderboard.loadMore')}
        </button>
      ) : (
        <p className="board-end">{t('leaderboard.end')}</p>
      )}
    </>
  );
}
