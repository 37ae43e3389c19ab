import type { Category } from '@yanzhi/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCategories } from '../lib/api/get-categories';
import { categoryName } from '../lib/categories';
import { useLanguage, useT } from '../lib/i18n';
import { ErrorState } from './ErrorState';
import { LoadingRegion, Skeleton } from './Skeleton';
import './category-chips.css';

interface CategoryChipsProps {
  categories: readonly Category[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** Which ends of the row have chips scrolled out of view. */
interface Overflow {
  start: boolean;
  end: boolean;
}

/** Less than this past the edge counts as the edge (sub-pixel widths, rounding). */
const EDGE_SLACK_PX = 2;

function overflowOf(row: HTMLElement): Overflow {
  const { scrollLeft, scrollWidth, clientWidth } = row;
  return {
    start: scrollLeft > EDGE_SLACK_PX,
    end: scrollLeft + clientWidth < scrollWidth - EDGE_SLACK_PX,
  };
}

/** Follows the row's scroll position and size: the affordance shows only where there is more. */
function useOverflow(count: number) {
  const row = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const element = row.current;
    if (element === null) return;
    const next = overflowOf(element);
    setOverflow((previous) =>
      previous.start === next.start && previous.end === next.end ? previous : next,
    );
  }, []);
  useEffect(() => {
    const element = row.current;
    if (element === null) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure, count]);
  return { row, overflow };
}

/**
 * A horizontally scrolling row of category chips; exactly one is pressed. Chips past the edge
 * are announced by a fade and an arrow at that edge (a tap on it scrolls the row on), so a
 * category cut off at 360 px ("AI") is seen to be there; Tab reaches every chip too.
 */
export function CategoryChips({ categories, selectedId, onSelect }: CategoryChipsProps) {
  const t = useT();
  const language = useLanguage();
  const { row, overflow } = useOverflow(categories.length);
  const scrollOn = () => {
    const element = row.current;
    if (element === null) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({ left: element.clientWidth * 0.7, behavior: reduced ? 'auto' : 'smooth' });
  };
  return (
    <div
      className="chips-row"
      data-testid="category-chips"
      data-more-start={overflow.start || undefined}
      data-more-end={overflow.end || undefined}
    >
      <div ref={row} className="chips" role="group" aria-label={t('category.label')}>
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
      {overflow.end ? (
        // A pointer's shortcut only: keyboard users reach every chip with Tab, and screen
        // readers list them all, so it stays out of both.
        <button
          type="button"
          className="chips-row__more"
          tabIndex={-1}
          aria-hidden="true"
          title={t('category.more')}
          onClick={scrollOn}
        >
          <span className="chips-row__more-icon">›</span>
        </button>
      ) : null}
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
 * category once they arrive when nothing (or no known category) is selected yet.
 */
export function CategoryBar({ selectedId, onSelect }: CategoryBarProps) {
  const t = useT();
  const query = useCategories();
  const first = query.data?.[0];

  // A category from the address that does not exist (any more) falls back to the first one.
  const known = selectedId !== null && query.data?.some((category) => category.id === selectedId);
  useEffect(() => {
    if (query.data !== undefined && !known && first !== undefined) onSelect(first.id);
  }, [query.data, known, first, onSelect]);

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
