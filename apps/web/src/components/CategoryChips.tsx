import type { Category } from '@yanzhi/contract';
import { useEffect } from 'react';
import { useCategories } from '../lib/api/get-categories';
import { categoryName } from '../lib/categories';
import { useLanguage, useT } from '../lib/i18n';
import { ErrorState } from './ErrorState';
import { LoadingRegion, Skeleton } from './Skeleton';

interface CategoryChipsProps {
  categories: readonly Category[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** A horizontally scrolling row of category chips; exactly one is pressed. */
export function CategoryChips({ categories, selectedId, onSelect }: CategoryChipsProps) {
  const t = useT();
  const language = useLanguage();
  return (
    <div className="chips" role="group" aria-label={t('category.label')}>
      {categories.map((category) => (
        <button
          key={category.id}
          type="button"
          className="chip"
          aria-pressed={category.id === selectedId}
          onClick={() => {
            onSelect(category.id);
          }}
          // Chromium leaves a partly visible element where it is on focus: bring the whole chip in.
          onFocus={(event) => {
            event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          }}
        >
          {categoryName(category, language)}
        </button>
      ))}
    </div>
  );
}

const SKELETON_CHIP_WIDTHS = [64, 56, 56, 48] as const;

interface CategoryBarProps {
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/**
 * The categories from the server with their loading, error and empty states. Selects the first
 * category once they arrive when nothing is selected yet.
 */
export function CategoryBar({ selectedId, onSelect }: CategoryBarProps) {
  const t = useT();
  const query = useCategories();
  const first = query.data?.[0];

  useEffect(() => {
    if (selectedId === null && first !== undefined) onSelect(first.id);
  }, [selectedId, first, onSelect]);

  if (query.isPending) {
    return (
      <LoadingRegion>
        <div className="chips chips--loading">
          {SKELETON_CHIP_WIDTHS.map((width, index) => (
            <Skeleton key={index} width={`${width}px`} height="36px" radius="999px" />
          ))}
        </div>
      </LoadingRegion>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={t('category.loadError')}
        error={query.error}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }
  if (query.data.length === 0) {
    return <p className="chips-empty">{t('category.empty')}</p>;
  }
  return <CategoryChips categories={query.data} selectedId={selectedId} onSelect={onSelect} />;
}
