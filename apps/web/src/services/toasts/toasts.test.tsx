import { TOAST_DURATION_MS } from '@yanzhi/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { ToastArea } from './ToastArea';
import {
  showAchievementToast,
  showFuelToast,
  showScoreToast,
  showToast,
  toast,
  useToastStore,
} from './toast-store';

const toasts = () => useToastStore.getState().toasts;

describe('toast store (spec §8, §9)', () => {
  it.each([
    ['success', '成功', 2000],
    ['error', '错误', 4000],
    ['info', '提示', 3000],
    ['warning', '警告', 3000],
  ] as const)('a %s toast is titled %s and lasts %i ms', (type, title, duration) => {
    showToast({ type, message: 'm' });
    expect(toasts()).toMatchObject([{ type, title, message: 'm', duration }]);
    expect(TOAST_DURATION_MS[type]).toBe(duration);
  });

  it('defaults to an info toast of 3000 ms', () => {
    showToast({ message: 'm' });
    expect(toasts()).toMatchObject([{ type: 'info', duration: TOAST_DURATION_MS.default }]);
  });

  it('uses English default titles when the UI is English', () => {
    setLanguage('en');
    toast.success('a');
    toast.error('b');
    toast.info('c');
    toast.warning('d');
    expect(toasts().map((item) => item.title)).toEqual(['Success', 'Error', 'Info', 'Warning']);
  });

  it('keeps a given title and duration', () => {
    showToast({ type: 'error', title: '上传失败', message: 'x', duration: 100 });
    expect(toasts()).toMatchObject([{ title: '上传失败', duration: 100 }]);
  });

  it('auto-dismisses after its duration', () => {
    vi.useFakeTimers();
    toast.success('saved');
    vi.advanceTimersByTime(1999);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it('dismisses each toast on its own clock', () => {
    vi.useFakeTimers();
    toast.error('e');
    toast.info('i');
    vi.advanceTimersByTime(3000);
    expect(toasts().map((item) => item.type)).toEqual(['error']);
    vi.advanceTimersByTime(1000);
    expect(toasts()).toHaveLength(0);
  });

  it('keeps a toast of duration 0 until it is dismissed', () => {
    vi.useFakeTimers();
    showToast({ type: 'warning', message: 'sticky', duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(toasts()).toHaveLength(1);
  });

  it('shows a score increase as "old → new (+change)" titled score up', () => {
    showScoreToast(550, 570);
    expect(toasts()).toMatchObject([
      { title: '分数上涨', message: '5.5 → 5.7 (+0.2)', duration: 3000, kind: 'score-up' },
    ]);
  });

  it('shows a decrease (and no change) titled score down', () => {
    setLanguage('en');
    showScoreToast(712, 588);
    showScoreToast(600, 600);
    expect(toasts()).toMatchObject([
      { title: 'score down', message: '7.1 → 5.9 (-1.2)', duration: 3000, kind: 'score-down' },
      { title: 'score down', message: '6.0 → 6.0 (+0.0)' },
    ]);
    showScoreToast(500, 510);
    expect(toasts()[2]?.title).toBe('score up');
  });

  it('shows a fuel reward as +N for 2000 ms', () => {
    showFuelToast(3);
    expect(toasts()).toMatchObject([{ message: '+3 燃料', duration: 2000, kind: 'fuel' }]);
    setLanguage('en');
    showFuelToast(5);
    expect(toasts()[1]?.message).toBe('+5 fuel points');
  });

  it('shows an achievement with its icon, title and description for 5000 ms', () => {
    vi.useFakeTimers();
    showAchievementToast({ icon: '🏅', title: '初次投票', description: '完成第一次投票' });
    expect(toasts()).toMatchObject([
      { icon: '🏅', title: '初次投票', message: '完成第一次投票', duration: 5000 },
    ]);
    vi.advanceTimersByTime(4999);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });
});

describe('replaceKind', () => {
  it('replaces the fuel toast on screen instead of stacking a second one', () => {
    vi.useFakeTimers();
    showFuelToast(2, { replaceKind: true });
    vi.advanceTimersByTime(1500);
    showFuelToast(3, { replaceKind: true });
    expect(toasts()).toMatchObject([{ kind: 'fuel', message: '+3 燃料' }]);
    // The replaced toast's timer is gone: the new one lives its full 2000 ms.
    vi.advanceTimersByTime(1999);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it('treats score up and score down as one kind and leaves other kinds alone', () => {
    showFuelToast(1);
    showScoreToast(550, 570, { replaceKind: true });
    showScoreToast(570, 540, { replaceKind: true });
    expect(toasts().map((item) => item.kind)).toEqual(['fuel', 'score-down']);
    expect(toasts()[1]?.message).toBe('5.7 → 5.4 (-0.3)');
  });

  it('stacks by default', () => {
    showFuelToast(1);
    showFuelToast(2);
    expect(toasts()).toHaveLength(2);
  });
});

describe('toast area', () => {
  it('renders each toast with its type, title, message and a progress bar of its duration', () => {
    render(<ToastArea />);
    act(() => {
      toast.success('已保存');
    });
    const item = screen.getByTestId('toast');
    expect(item.dataset.type).toBe('success');
    expect(within(item).getByText('成功')).toBeTruthy();
    expect(within(item).getByText('已保存')).toBeTruthy();
    const progress = within(item).getByTestId('toast-progress');
    expect(progress.style.getPropertyValue('--toast-duration')).toBe('2000ms');
  });

  it('has no progress bar on a sticky toast', () => {
    render(<ToastArea />);
    act(() => {
      showToast({ message: 'sticky', duration: 0 });
    });
    expect(screen.getByTestId('toast')).toBeTruthy();
    expect(screen.queryByTestId('toast-progress')).toBeNull();
  });

  it('removes a toast when it is clicked', () => {
    render(<ToastArea />);
    act(() => {
      toast.info('tap me');
    });
    fireEvent.click(screen.getByText('tap me'));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('removes a toast with its close button', () => {
    render(<ToastArea />);
    act(() => {
      toast.warning('careful');
      toast.info('other');
    });
    const [first] = screen.getAllByTestId('toast');
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: '关闭' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.queryByText('careful')).toBeNull();
  });

  it('draws the achievement badge of its icon key, and a medal for an unknown key', async () => {
    render(<ToastArea />);
    act(() => {
      showAchievementToast({ icon: 'streak', title: '三日不辍', description: '连续 3 天参与投票' });
      showAchievementToast({ icon: 'mystery', title: 'x', description: 'y' });
    });
    const [known, unknown] = screen.getAllByTestId('toast');
    // The badges are a chunk of their own, fetched with the first achievement toast.
    await waitFor(() => {
      expect(known?.querySelector('svg')?.dataset.badge).toBe('streak');
    });
    expect(unknown?.querySelector('svg')?.dataset.badge).toBe('medal');
    expect(known?.textContent).not.toContain('streak');
  });

  it('names the close button in English when the UI is English', () => {
    setLanguage('en');
    render(<ToastArea />);
    act(() => {
      toast.info('x');
    });
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('announces errors assertively and everything else politely', () => {
    render(<ToastArea />);
    act(() => {
      toast.error('boom');
      toast.success('fine');
    });
    const area = screen.getByTestId('toast-area');
    const assertive = area.querySelector('[aria-live="assertive"]');
    const polite = area.querySelector('[aria-live="polite"]');
    expect(assertive?.textContent).toContain('boom');
    expect(assertive?.textContent).not.toContain('fine');
    expect(polite?.textContent).toContain('fine');
  });

  it('disappears from the page after its duration', () => {
    vi.useFakeTimers();
    render(<ToastArea />);
    act(() => {
      toast.error('gone soon');
    });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
