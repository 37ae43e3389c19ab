import {
  TOAST_DURATION_MS,
  formatScore,
  formatScoreChange,
  type ToastType,
} from '@yanzhi/contract';
import { create } from 'zustand';
import { t } from '../../lib/i18n';

/** A notification (spec §3). `kind` and `icon` only style the special toasts of spec §9. */
export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message: string;
  /** Milliseconds before it leaves by itself; 0 keeps it until it is dismissed. */
  duration: number;
  kind?: 'score-up' | 'score-down' | 'achievement' | 'fuel';
  icon?: string;
}

export interface ToastInput {
  type?: ToastType;
  title?: string;
  message: string;
  duration?: number;
  kind?: Toast['kind'];
  icon?: string;
  /**
   * Replaces the toasts of the same kind still on screen instead of stacking below them (fast
   * voting would otherwise pile up a fuel and a score toast per vote). Score up and score down
   * count as one kind.
   */
  replaceKind?: boolean;
}

/** Options of the special toasts that can follow each other quickly. */
export interface RepeatableToastOptions {
  replaceKind?: boolean;
}

export interface Achievement {
  icon: string;
  title: string;
  description: string;
}

interface ToastState {
  toasts: Toast[];
}

export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 1;

/** Removes a toast (a click on it, its close button, or its time running out). */
export function dismissToast(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

/** Score up and score down replace each other: they report the same thing. */
function kindFamily(kind: Toast['kind']): string | undefined {
  return kind === 'score-up' || kind === 'score-down' ? 'score' : kind;
}

function dismissKind(kind: Toast['kind']): void {
  const family = kindFamily(kind);
  if (family === undefined) return;
  for (const existing of useToastStore.getState().toasts) {
    if (kindFamily(existing.kind) === family) dismissToast(existing.id);
  }
}

export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  useToastStore.setState({ toasts: [] });
}

/** Shows a toast with the default title and duration of its type (spec §8, §9). */
export function showToast(input: ToastInput): string {
  const type = input.type ?? 'info';
  const id = `toast-${nextId++}`;
  const toast: Toast = {
    id,
    type,
    title: input.title ?? t(`toast.title.${type}`),
    message: input.message,
    duration: input.duration ?? TOAST_DURATION_MS[type],
  };
  if (input.kind !== undefined) toast.kind = input.kind;
  if (input.icon !== undefined) toast.icon = input.icon;
  if (input.replaceKind === true) dismissKind(input.kind);
  useToastStore.setState((state) => ({ toasts: [...state.toasts, toast] }));
  if (toast.duration > 0) {
    timers.set(
      id,
      setTimeout(() => {
        dismissToast(id);
      }, toast.duration),
    );
  }
  return id;
}

function ofType(type: ToastType) {
  return (message: string, title?: string): string => showToast({ type, message, title });
}

/** Shorthands with the type's default title and duration. */
export const toast = {
  success: ofType('success'),
  error: ofType('error'),
  warning: ofType('warning'),
  info: ofType('info'),
};

/** "5.5 → 5.7 (+0.2)", titled score up when the change is positive, otherwise score down. */
export function showScoreToast(
  oldScore: number,
  newScore: number,
  options: RepeatableToastOptions = {},
): string {
  const change = newScore - oldScore;
  const up = change > 0;
  return showToast({
    ...options,
    type: up ? 'success' : 'warning',
    kind: up ? 'score-up' : 'score-down',
    title: t(up ? 'toast.score.up' : 'toast.score.down'),
    message: `${formatScore(oldScore)} → ${formatScore(newScore)} (${formatScoreChange(change)})`,
    duration: TOAST_DURATION_MS.score,
  });
}

export function showAchievementToast(achievement: Achievement): string {
  return showToast({
    type: 'success',
    kind: 'achievement',
    icon: achievement.icon,
    title: achievement.title,
    message: achievement.description,
    duration: TOAST_DURATION_MS.achievement,
  });
}

/** "+N fuel points" (spec §9). */
export function showFuelToast(amount: number, options: RepeatableToastOptions = {}): string {
  return showToast({
    ...options,
    type: 'success',
    kind: 'fuel',
    title: t('toast.fuel.title'),
    message: t('toast.fuel.message', { count: amount }),
    duration: TOAST_DURATION_MS.fuel,
  });
}
