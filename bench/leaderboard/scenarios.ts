/** The boards the bench reads, each with what a right answer looks like. */
import type { Leaderboard } from '@yanzhi/contract';
import type { Period } from '../../apps/server/src/domain/leaderboard/index.js';
import type { BoardCall } from './measure.js';

export const PAGE_SIZE = 20;

export interface BoardFacts {
  categoryId: number;
  boardSize: number;
  runningMonthSize: number;
  bigMonth: Period;
  bigMonthSize: number;
  caller: { allPhotoId: number; allRank: number; monthPhotoId: number; monthRank: number };
  token: string;
  /** Offset of the live deep page (half the photos), e.g. 500,000 of a million. */
  deepOffset: number;
}

function expectPage(board: Leaderboard, total: number, frozen: boolean): string | null {
  if (board.total_items !== total) return `total_items ${board.total_items}, expected ${total}`;
  if (board.frozen !== frozen) return `frozen ${board.frozen}`;
  const remaining = total - (board.current_page - 1) * PAGE_SIZE;
  const expected = Math.max(0, Math.min(PAGE_SIZE, remaining));
  if (board.items.length !== expected) return `${board.items.length} items, expected ${expected}`;
  return null;
}

function expectMine(board: Leaderboard, photoId: number, rank: number): string | null {
  const mine = board.my_entry;
  if (!mine) return 'no my_entry';
  if (mine.id !== photoId || mine.rank !== rank) {
    return `my_entry photo ${mine.id} rank ${mine.rank}, expected photo ${photoId} rank ${rank}`;
  }
  return board.my_page === null ? 'no my_page' : null;
}

const thousands = (value: number) => value.toLocaleString('en-US');

/** Reads of the running boards (memory plus one lookup of the page's rows). */
export function liveCalls(facts: BoardFacts): BoardCall[] {
  const all = { category_id: facts.categoryId, period_type: 'all', page_size: PAGE_SIZE };
  const deepPage = Math.floor(facts.deepOffset / PAGE_SIZE) + 1;
  const lastPage = Math.ceil(facts.boardSize / PAGE_SIZE);
  const page = (board: Leaderboard) => expectPage(board, facts.boardSize, false);
  return [
    { label: 'all: page 1', body: { ...all, page: 1 }, check: page },
    {
      label: `all: page ${thousands(deepPage)} (offset ${thousands((deepPage - 1) * PAGE_SIZE)})`,
      body: { ...all, page: deepPage },
      check: page,
    },
    {
      label: `all: last page (${thousands(lastPage)})`,
      body: { ...all, page: lastPage },
      check: page,
    },
    {
      label: `all: page 1 + my rank (${thousands(facts.caller.allRank)})`,
      body: { ...all, page: 1 },
      token: facts.token,
      check: (board) =>
        page(board) ?? expectMine(board, facts.caller.allPhotoId, facts.caller.allRank),
    },
    {
      label: 'month (running): page 1 + signed in',
      body: { ...all, period_type: 'month', page: 1 },
      token: facts.token,
      check: (board) => expectPage(board, facts.runningMonthSize, false),
    },
  ];
}

/** The first read of the big past month (which freezes it) and the reads of its snapshot. */
export function frozenCalls(facts: BoardFacts): { freeze: BoardCall; calls: BoardCall[] } {
  const month = facts.bigMonth.start?.slice(0, 7) ?? '';
  const body = {
    category_id: facts.categoryId,
    period_type: 'month',
    period_date: facts.bigMonth.start,
    page_size: PAGE_SIZE,
  };
  const deepPage = Math.ceil((0.8 * facts.bigMonthSize) / PAGE_SIZE);
  const page = (board: Leaderboard) => expectPage(board, facts.bigMonthSize, true);
  return {
    freeze: { label: `month ${month} (freeze)`, body: { ...body, page: 1 }, check: page },
    calls: [
      { label: `month ${month} (frozen): page 1`, body: { ...body, page: 1 }, check: page },
      {
        label: `month ${month} (frozen): page ${thousands(deepPage)}`,
        body: { ...body, page: deepPage },
        check: page,
      },
      {
        label: `month ${month} (frozen): page 1 + my rank (${thousands(facts.caller.monthRank)})`,
        body: { ...body, page: 1 },
        token: facts.token,
        check: (board) =>
          page(board) ?? expectMine(board, facts.caller.monthPhotoId, facts.caller.monthRank),
      },
    ],
  };
}
