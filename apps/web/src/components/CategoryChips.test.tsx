import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '../testing/mock-api';
import { CategoryChips } from './CategoryChips';

/** The row's scroll geometry (nothing is laid out in this DOM). */
function layOut(row: HTMLElement, geometry: { scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(row, 'scrollWidth', { configurable: true, value: geometry.scrollWidth });
  Object.defineProperty(row, 'clientWidth', { configurable: true, value: geometry.clientWidth });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('category chips', () => {
  it('shows that more chips are past the end, and scrolls on with the arrow', () => {
    const { rerender } = render(
      <CategoryChips categories={CATEGORIES} selectedId={1} onSelect={() => undefined} />,
    );
    const group = screen.getByRole('group', { name: '分类' });
    const wrapper = screen.getByTestId('category-chips');
    layOut(group, { scrollWidth: 420, clientWidth: 240 });
    fireEvent.scroll(group);
    expect(wrapper.dataset.moreEnd).toBe('true');
    expect(wrapper.dataset.moreStart).toBeUndefined();
    const arrow = wrapper.querySelector<HTMLButtonElement>('.chips-row__more');
    expect(arrow).not.toBeNull();
    // Out of the tab order and the accessibility tree: every chip is reachable with Tab itself.
    expect(arrow?.tabIndex).toBe(-1);
    expect(arrow?.getAttribute('aria-hidden')).toBe('true');
    const scrollBy = vi.fn();
    group.scrollBy = scrollBy;
    if (arrow !== null) fireEvent.click(arrow);
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 240 * 0.7 }));

    group.scrollLeft = 180;
    fireEvent.scroll(group);
    expect(wrapper.dataset.moreEnd).toBeUndefined();
    expect(wrapper.dataset.moreStart).toBe('true');
    expect(wrapper.querySelector('.chips-row__more')).toBeNull();
    rerender(<CategoryChips categories={CATEGORIES} selectedId={4} onSelect={() => undefined} />);
    expect(screen.getByRole('button', { name: 'AI' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows no arrow when every chip fits', () => {
    render(<CategoryChips categories={CATEGORIES} selectedId={1} onSelect={() => undefined} />);
    const group = screen.getByRole('group', { name: '分类' });
    layOut(group, { scrollWidth: 300, clientWidth: 300 });
    fireEvent.scroll(group);
    expect(screen.getByTestId('category-chips').dataset.moreEnd).toBeUndefined();
    expect(screen.getByTestId('category-chips').querySelector('.chips-row__more')).toBeNull();
  });
});
