import {
  LEADERBOARD_DEFAULT_PERIOD,
  PERIOD_DATE_EARLIEST,
  type PeriodType,
} from '@yanzhi/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../lib/router';
import { LEADERBOARD_PERIODS } from './api/get-leaderboard';
import { isCalendarDay } from './period-dates';

/**
 * The board lives in the address so it can be shared and reloaded: the server's share link is
 * `/leaderboard?category=<id>&period=<type>`, and `date` picks a past period.
 */
export const BOARD_PARAMS = { category: 'category', period: 'period', date: 'date' } as const;

/** The board an address without a period opens on (the server's page answer reads the same). */
export const DEFAULT_PERIOD: PeriodType = LEADERBOARD_DEFAULT_PERIOD;

export interface BoardParams {
  /** Null until chosen: the first category is shown. */
  categoryId: number | null;
  periodType: PeriodType;
  /** A day inside a past period, or null for the current one (always null for `all`). */
  periodDate: string | null;
}

function isPeriodType(value: string | null): value is PeriodType {
  return LEADERBOARD_PERIODS.includes(value as PeriodType);
}

/** Reads the board from a query string, ignoring anything malformed. */
export function readBoardParams(params: URLSearchParams): BoardParams {
  const category = Number(params.get(BOARD_PARAMS.category));
  const period = params.get(BOARD_PARAMS.period);
  const periodType = isPeriodType(period) ? period : DEFAULT_PERIOD;
  const date = params.get(BOARD_PARAMS.date);
  return {
    categoryId: Number.isSafeInteger(category) && category > 0 ? category : null,
    periodType,
    // A day before any board could exist (a mistyped year) is the current period.
    periodDate:
      periodType !== 'all' && date !== null && isCalendarDay(date) && date >= PERIOD_DATE_EARLIEST
        ? date
        : null,
  };
}

/**
 * Writes a board into a query string, its parameters first in a fixed order (category, period,
 * date) so the address reads the same however it was reached; other parameters are kept.
 */
export function writeBoardParams(params: URLSearchParams, board: BoardParams): URLSearchParams {
  const next = new URLSearchParams();
  if (board.categoryId !== null) next.set(BOARD_PARAMS.category, String(board.categoryId));
  next.set(BOARD_PARAMS.period, board.periodType);
  if (board.periodDate !== null && board.periodType !== 'all') {
    next.set(BOARD_PARAMS.date, board.periodDate);
  }
  const own: readonly string[] = Object.values(BOARD_PARAMS);
  for (const [name, value] of params) {
    if (!own.includes(name)) next.append(name, value);
  }
  return next;
}

/**
 * The board of the address, and a setter that replaces the history entry (switching tabs is
 * not a page to go back to). The address is written only when the user changes something:
 * writing on the first render would race the shell, which strips the host's token parameters
 * from the same address at that moment.
 */
export function useBoardParams(): [BoardParams, (change: Partial<BoardParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const board = useMemo(() => readBoardParams(searchParams), [searchParams]);
  const change = useCallback(
    (update: Partial<BoardParams>) => {
      setSearchParams(
        (previous) => writeBoardParams(previous, { ...readBoardParams(previous), ...update }),
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  return [board, change];
}
