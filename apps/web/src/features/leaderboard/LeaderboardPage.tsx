import type { PeriodType } from '@yanzhi/contract';
import { useCallback, useState } from 'react';
import { CategoryBar } from '../../components/CategoryChips';
import { ErrorState } from '../../components/ErrorState';
import { useCategories } from '../../lib/api/get-categories';
import { useOnline } from '../../lib/online-status';
import { ShareModal, type ShareRequest } from '../../services/share';
import { useUserStore } from '../../services/user';
import type { BoardSelection } from './api/get-leaderboard';
import { boardCategoryId } from './prefetch-board';
import { Board, BoardSkeleton } from './Board';
import { BoardOffline, CachedBoardNote } from './BoardOffline';
import { MyRankBar } from './MyRankBar';
import { PeriodPicker } from './PeriodPicker';
import { BOARD_PANEL_ID, PeriodTabs, periodTabId } from './PeriodTabs';
import { useBoard } from './use-board';
import { useBoardParams } from './use-board-params';
import { useLeaderboardText } from './texts';
import './leaderboard.css';
import './board-truth.css';

/**
 * The category of the address when it exists, else the first one; null while the categories
 * load, and when there are none or they failed (the category bar says so and offers a retry).
 */
function useCategoryId(requested: number | null) {
  const { data: categories, isPending, refetch } = useCategories();
  const retry = () => {
    void refetch();
  };
  if (categories === undefined) return { categoryId: null, pending: isPending, retry };
  return { categoryId: boardCategoryId(requested, categories), pending: false, retry };
}

/**
 * Leaderboard: a category, a period (日榜 · 周榜 · 月榜 · 总榜) and, for the first three, a past
 * period; then the podium, the rows page by page, and one's own rank in a sticky bar. The board
 * is in the address (`?category=&period=&date=`) so share links and reloads open it.
 */
export function LeaderboardPage() {
  const t = useLeaderboardText();
  const [params, setParams] = useBoardParams();
  const {
    categoryId,
    pending: categoriesPending,
    retry: retryCategories,
  } = useCategoryId(params.categoryId);
  const selection: BoardSelection | null =
    categoryId === null
      ? null
      : { categoryId, periodType: params.periodType, periodDate: params.periodDate };
  const signedIn = useUserStore((state) => state.user !== null);
  const [share, setShare] = useState<ShareRequest | null>(null);
  const { query, pages, flashingId, announcement, jumpToMine, loadMore, backToTop } =
    useBoard(selection);
  const board = pages[0];
  const { periodType } = params;
  const online = useOnline();
  // A request the query client holds back for want of a network never settles by itself.
  const waitingForNetwork = !online || query.fetchStatus === 'paused';

  const selectCategory = useCallback(
    (id: number) => {
      setParams({ categoryId: id });
    },
    [setParams],
  );
  const selectPeriod = (period: PeriodType) => {
    setParams({ categoryId, periodType: period, periodDate: null });
  };
  const selectDate = (periodDate: string | null) => {
    setParams({ categoryId, periodDate });
  };

  const retry = () => {
    void query.refetch();
  };
  let content = null;
  if (selection === null) {
    if (categoriesPending) {
      content = waitingForNetwork ? <BoardOffline onRetry={retryCategories} /> : <BoardSkeleton />;
    }
  } else if (query.isPending) {
    content = waitingForNetwork ? <BoardOffline onRetry={retry} /> : <BoardSkeleton />;
  } else if (query.isError && pages.length === 0) {
    content = <ErrorState error={query.error} onRetry={retry} />;
  } else {
    content = (
      <>
        {!online && board !== undefined ? (
          <CachedBoardNote asOf={board.as_of} timeZone={board.time_zone} />
        ) : null}
        <Board
          state={{
            pages,
            hasNextPage: query.hasNextPage,
            hasPreviousPage: query.hasPreviousPage,
            isFetchingNextPage: query.isFetchingNextPage,
            isFetchingPreviousPage: query.isFetchingPreviousPage,
            nextPageError: query.isFetchNextPageError ? query.error : null,
          }}
          flashingId={flashingId}
          onLoadMore={loadMore}
          onLoadEarlier={() => {
            void query.fetchPreviousPage();
          }}
          onBackToTop={backToTop}
        />
      </>
    );
  }

  return (
    <div className="page leaderboard">
      <header className="page__header">
        <h1 className="page__title">{t('leaderboard.heading')}</h1>
      </header>
      <CategoryBar selectedId={categoryId} onSelect={selectCategory} />
      <PeriodTabs value={periodType} onChange={selectPeriod} />
      <section
        id={BOARD_PANEL_ID}
        role="tabpanel"
        aria-labelledby={periodTabId(periodType)}
        aria-busy={selection === null ? categoriesPending : query.isPending}
        className="leaderboard__board"
      >
        {periodType !== 'all' && (selection !== null || categoriesPending) ? (
          <PeriodPicker
            periodType={periodType}
            periodDate={params.periodDate}
            board={board}
            onChange={selectDate}
          />
        ) : null}
        {content}
      </section>
      {board !== undefined ? (
        <MyRankBar
          entry={board.my_entry}
          canShare={signedIn}
          onJump={jumpToMine}
          onShare={() => {
            setShare({
              photoId: board.my_entry?.id ?? null,
              periodType: board.period_type,
              periodDate: board.frozen ? board.period_start : null,
            });
          }}
        />
      ) : null}
      <p className="visually-hidden" role="status" data-testid="leaderboard-announcer">
        {announcement}
      </p>
      {share !== null ? (
        <ShareModal
          request={share}
          onClose={() => {
            setShare(null);
          }}
        />
      ) : null}
    </div>
  );
}
