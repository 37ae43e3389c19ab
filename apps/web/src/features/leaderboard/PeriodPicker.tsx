import type { Leaderboard, PeriodType } from '@yanzhi/contract';
import { useId, type SyntheticEvent } from 'react';
import { PageIcon } from '../../components/PageIcon';
import { Skeleton } from '../../components/Skeleton';
import { useLanguage } from '../../lib/i18n';
import { useLeaderboardText } from './texts';
import {
  formatDay,
  formatPeriod,
  isCurrentPeriod,
  nextPeriodDate,
  previousPeriodDate,
  todayIn,
} from './period-dates';

/**
 * Opens the calendar wherever the field is tapped or from the keyboard (Enter, Space): the
 * digits the native field would be edited in are hidden under the formatted day.
 */
function openPicker(event: SyntheticEvent<HTMLInputElement>): void {
  try {
    event.currentTarget.showPicker();
  } catch {
    // Already open, or no picker without a user gesture: the native field still works.
  }
}

interface PeriodPickerProps {
  periodType: Exclude<PeriodType, 'all'>;
  /** The day asked for (null: the current period). */
  periodDate: string | null;
  /** The board's answer; undefined while it loads. */
  board: Leaderboard | undefined;
  onChange: (periodDate: string | null) => void;
}

/**
 * Past periods: ‹ 上一期 / 下一期 › step from the shown period's bounds, a native date input jumps
 * to any day, and a past board says it is final. The buttons are never `disabled` while a board
 * loads (a disabled button drops keyboard focus); they announce it with aria-disabled instead.
 */
export function PeriodPicker({ periodType, periodDate, board, onChange }: PeriodPickerProps) {
  const t = useLeaderboardText();
  const language = useLanguage();
  const dateId = useId();
  const today = todayIn(board?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const current = board === undefined ? periodDate === null : isCurrentPeriod(board, today);
  // The server refuses days before its first photo's period (and after tomorrow).
  const earliest = board?.earliest_date;
  const before = board === undefined ? null : previousPeriodDate(board);
  const previous = before !== null && earliest !== undefined && before < earliest ? null : before;
  const next = board === undefined || current ? null : nextPeriodDate(board);
  const label =
    board === undefined
      ? null
      : formatPeriod(periodType, board, language, (start, end) =>
          t('leaderboard.range', { start, end }),
        );

  const day = periodDate ?? today;

  const go = (date: string | null) => {
    if (date === null) return;
    const day = earliest !== undefined && date < earliest ? earliest : date;
    onChange(day > today || day === today ? null : day);
  };

  return (
    <div className="period-picker" role="group" aria-label={t('leaderboard.picker.label')}>
      <div className="period-picker__head">
        <p className="period-picker__label" aria-live="polite" data-testid="period-label">
          {label === null ? (
            <Skeleton width="96px" height="18px" />
          ) : (
            <span className="period-picker__name">{label}</span>
          )}
          {board?.frozen ? (
            <span className="frozen-badge" data-testid="frozen-badge">
              {t('leaderboard.frozen')}
            </span>
          ) : null}
          {board !== undefined && !board.frozen && current ? (
            <span className="live-badge">{t('leaderboard.live')}</span>
          ) : null}
        </p>
        {periodDate !== null && !current ? (
          <button
            type="button"
            className="period-picker__current"
            onClick={() => {
              onChange(null);
            }}
          >
            {t('leaderboard.picker.current')}
          </button>
        ) : null}
      </div>
      <div className="period-picker__row">
        <button
          type="button"
          className="period-picker__step"
          aria-disabled={previous === null}
          onClick={() => {
            go(previous);
          }}
        >
          <PageIcon name="chevronLeft" size={18} />
          <span className="period-picker__step-text">{t('leaderboard.picker.previous')}</span>
        </button>
        <label className="visually-hidden" htmlFor={dateId}>
          {t('leaderboard.picker.date')}
        </label>
        {/* The day in the UI language's format, over a transparent native input that still takes
            the taps, the focus and the screen reader (the native field writes the phone's format). */}
        <span className="period-picker__date">
          <span className="period-picker__date-text" aria-hidden="true" data-testid="period-date">
            {formatDay(day, language)}
          </span>
          <PageIcon name="calendar" size={18} />
          <input
            id={dateId}
            className="period-picker__date-input"
            type="date"
            lang={language}
            min={earliest}
            max={today}
            value={day}
            onClick={openPicker}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                openPicker(event);
              }
            }}
            onChange={(event) => {
              if (event.target.value) go(event.target.value);
            }}
          />
        </span>
        <button
          type="button"
          className="period-picker__step"
          aria-disabled={next === null}
          onClick={() => {
            go(next);
          }}
        >
          <span className="period-picker__step-text">{t('leaderboard.picker.next')}</span>
          <PageIcon name="chevronRight" size={18} />
        </button>
      </div>
      {board?.frozen ? <p className="period-picker__note">{t('leaderboard.frozenNote')}</p> : null}
    </div>
  );
}
