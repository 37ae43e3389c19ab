import type { PeriodType } from '@yanzhi/contract';
import { useRef, type KeyboardEvent } from 'react';
import { LEADERBOARD_PERIODS } from './api/get-leaderboard';
import { useLeaderboardText } from './texts';

export const BOARD_PANEL_ID = 'leaderboard-panel';

export function periodTabId(period: PeriodType): string {
  return `leaderboard-tab-${period}`;
}

interface PeriodTabsProps {
  value: PeriodType;
  onChange: (period: PeriodType) => void;
}

/**
 * 日榜 · 周榜 · 月榜 · 总榜 as a tab list: one tab stop, the arrow keys (and Home / End) move
 * between periods and show them at once.
 */
export function PeriodTabs({ value, onChange }: PeriodTabsProps) {
  const t = useLeaderboardText();
  const refs = useRef(new Map<PeriodType, HTMLButtonElement>());
  const count = LEADERBOARD_PERIODS.length;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LEADERBOARD_PERIODS.indexOf(value);
    let next: PeriodType | undefined;
    if (event.key === 'ArrowRight') next = LEADERBOARD_PERIODS[(index + 1) % count];
    else if (event.key === 'ArrowLeft') next = LEADERBOARD_PERIODS[(index + count - 1) % count];
    else if (event.key === 'Home') next = LEADERBOARD_PERIODS[0];
    else if (event.key === 'End') next = LEADERBOARD_PERIODS[count - 1];
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div
      className="segmented period-tabs"
      role="tablist"
      aria-label={t('leaderboard.period.label')}
    >
      {LEADERBOARD_PERIODS.map((period) => (
        <button
          key={period}
          ref={(element) => {
            if (element) refs.current.set(period, element);
          }}
          type="button"
          role="tab"
          id={periodTabId(period)}
          aria-controls={BOARD_PANEL_ID}
          aria-selected={period === value}
          tabIndex={period === value ? 0 : -1}
          className="segmented__option"
          onKeyDown={onKeyDown}
          onClick={() => {
            onChange(period);
          }}
        >
          {t(`leaderboard.period.${period}`)}
        </button>
      ))}
    </div>
  );
}
