import type { Leaderboard } from '@yanzhi/contract';
import { useCallback, useEffect, useState } from 'react';
import { leaderboardKeys, useLeaderboardPages, type BoardSelection } from './api/get-leaderboard';
import { entriesOf } from './Board';
import { entryElementId } from './BoardEntry';
import { useLeaderboardText } from './texts';

/** One's own page this close after the loaded ones is read page by page; farther, it is jumped to. */
export const NEAR_PAGES = 3;
/** How long one's row stays highlighted after a jump. */
export const FLASH_MS = 2400;

interface JumpTarget {
  board: string;
  photoId: number;
  rank: number;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

function reveal(element: HTMLElement): void {
  element.scrollIntoView({
    block: 'center',
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
  });
  element.focus({ preventScroll: true });
}

/**
 * The pages of a board and the way to one's own row. The list starts at page 1; "my rank"
 * reads on page by page when one's page is near, and otherwise restarts the list at that page
 * (never hundreds of requests), from where the user scrolls on or loads the ranks above.
 */
export function useBoard(selection: BoardSelection | null) {
  const t = useLeaderboardText();
  const boardKey = selection === null ? '' : leaderboardKeys.board(selection).join('/');
  const [start, setStart] = useState({ board: boardKey, page: 1 });
  const startPage = start.board === boardKey ? start.page : 1;
  const query = useLeaderboardPages(selection, startPage);
  const { data, isFetching, isError, hasNextPage, fetchNextPage } = query;
  const [jump, setJump] = useState<JumpTarget | null>(null);
  const [loadingNews, setLoadingNews] = useState('');
  const pages: readonly Leaderboard[] = data?.pages ?? [];
  const target = jump?.board === boardKey ? jump : null;
  const found = target !== null && entriesOf(pages).some((entry) => entry.id === target.photoId);
  const stuck = target !== null && !found && !isFetching && (isError || !hasNextPage);

  // Follows a jump: read on towards one's row, then bring it into view and highlight it for a
  // moment (the highlight ends with the jump). A row that cannot be reached ends the jump.
  useEffect(() => {
    if (target === null) return;
    if (found || stuck) {
      if (found) {
        const element = document.getElementById(entryElementId(target.photoId));
        if (element !== null) reveal(element);
      }
      const timer = setTimeout(
        () => {
          setJump(null);
        },
        found ? FLASH_MS : 0,
      );
      return () => {
        clearTimeout(timer);
      };
    }
    if (!isFetching) void fetchNextPage();
  }, [target, found, stuck, isFetching, fetchNextPage]);

  let announcement = loadingNews;
  if (target !== null && found) announcement = t('leaderboard.jumped', { rank: target.rank });
  else if (target !== null && !stuck) announcement = t('leaderboard.jumping');

  const jumpToMine = () => {
    const board = pages[0];
    const mine = board?.my_entry;
    if (board === undefined || mine === null || mine === undefined) return;
    setJump({ board: boardKey, photoId: mine.id, rank: mine.rank });
    const myPage = board.my_page;
    if (myPage === null || entriesOf(pages).some((entry) => entry.id === mine.id)) return;
    const last = pages.at(-1)?.current_page ?? 0;
    const near = myPage > last && myPage - last <= NEAR_PAGES;
    if (!near) setStart({ board: boardKey, page: myPage });
  };

  const loadMore = () => {
    if (!hasNextPage || query.isFetchingNextPage) return;
    setLoadingNews(t('leaderboard.loadingMore'));
    void fetchNextPage().then((result) => {
      const loaded = result.data?.pages;
      const last = loaded?.at(-1);
      if (loaded === undefined || last === undefined || result.isError) return;
      setLoadingNews(
        t('leaderboard.loadedCount', {
          shown: entriesOf(loaded).length,
          total: last.total_items,
        }),
      );
    });
  };

  const backToTop = useCallback(() => {
    setStart({ board: boardKey, page: 1 });
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [boardKey]);

  const flashingId = found ? target.photoId : null;
  return { query, pages, flashingId, announcement, jumpToMine, loadMore, backToTop };
}
