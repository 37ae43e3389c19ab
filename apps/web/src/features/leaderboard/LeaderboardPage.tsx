import type { PeriodType } from '@yanzhi/contract';
import { useState } from 'react';
import { CategoryBar } from '../../components/CategoryChips';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { SegmentedControl } from '../../components/SegmentedControl';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { useT } from '../../lib/i18n';
import { LEADERBOARD_PERIODS, useLeaderboard } from './api/get-leaderboard';
import './leaderboard.css';

const SKELETON_ROWS = 5;

function LeaderboardSkeleton() {
  return (
    <LoadingRegion>
      <ol className="leaderboard__rows" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <li key={index} className="leaderboard__row">
            <Skeleton width="24px" height="20px" />
            <Skeleton width="48px" height="64px" radius="10px" />
            <Skeleton width="40%" height="16px" />
          </li>
        ))}
      </ol>
    </LoadingRegion>
  );
}

/** Leaderboard: a category and a period (日榜 · 周榜 · 月榜 · 总榜), then the ranking. */
export function LeaderboardPage() {
  const t = useT();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [period, setPeriod] = useState<PeriodType>('day');
  const board = useLeaderboard(categoryId, period);
  const periodOptions = LEADERBOARD_PERIODS.map((value) => ({
    value,
    label: t(`leaderboard.period.${value}`),
  }));

  let content = null;
  if (categoryId === null) content = null;
  else if (board.isPending) content = <LeaderboardSkeleton />;
  else if (board.isError) {
    content = (
      <ErrorState
        error={board.error}
        onRetry={() => {
          void board.refetch();
        }}
      />
    );
  } else content = <EmptyState icon="trophy" role="status" title={t('leaderboard.loaded')} />;

  return (
    <div className="page leaderboard">
      <header className="page__header">
        <h1 className="page__title">{t('leaderboard.heading')}</h1>
      </header>
      <CategoryBar selectedId={categoryId} onSelect={setCategoryId} />
      <SegmentedControl<PeriodType>
        label={t('leaderboard.period.label')}
        options={periodOptions}
        value={period}
        onChange={setPeriod}
      />
      <section className="leaderboard__board" aria-live="polite">
        {content}
      </section>
    </div>
  );
}
