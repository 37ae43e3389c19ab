import { TOAST_DURATION_MS, type ToastType } from '@yanzhi/contract';
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
   * Replaces the toast of the same kind on screen or waiting instead of queueing another
   * (score up and score down count as one kind): only the latest news of a kind matters.
   */
  replaceKind?: boolean;
}

/** Options of the special toasts that can follow each other quickly. */
export interface RepeatableToastOptions {
  replaceKind?: boolean;
}

interface ToastState {
  /** What is on screen: one toast at most, so the page under it stays usable (issue 17). */
  toasts: Toast[];
  /** Toasts waiting their turn, shown one after another in this order. */
  queue: Toast[];
}

/** Beyond this many waiting toasts the oldest news (never an error) is dropped. */
export const MAX_QUEUED_TOASTS = 4;

export const useToastStore = create<ToastState>()(() => ({ toasts: [], queue: [] }));

let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;

/** Score up and score down replace each other: they report the same thing. */
function kindFamily(kind: Toast['kind']): string | undefined {
  return kind === 'score-up' || kind === 'score-down' ? 'score' : kind;
}

function sameNews(a: Toast, b: Toast): boolean {
  return a.type === b.type && a.title === b.title && a.message === b.message;
}

/** Puts a toast on screen and starts its clock (a waiting toast's clock has not run yet). */
function present(toast: Toast | undefined, queue: Toast[]): void {
  clearTimeout(timer);
  timer = undefined;
  useToastStore.setState({ toasts: toast === undefined ? [] : [toast], queue });
  if (toast !== undefined && toast.duration > 0) {
    timer = setTimeout(() => {
      dismissToast(toast.id);
    }, toast.duration);
  }
}

/** Removes a toast (a click on it, its close button, or its time running out); the next shows. */
export function dismissToast(id: string): void {
  const { toasts, queue } = useToastStore.getState();
  if (toasts.some((toast) => toast.id === id)) {
    const [next, ...rest] = queue;
    present(next, rest);
  } else if (queue.some((toast) => toast.id === id)) {
    useToastStore.setState({ queue: queue.filter((toast) => toast.id !== id) });
  }
}

export function clearToasts(): void {
  present(undefined, []);
}

/** Errors wait ahead of other news; past the limit the oldest non-error is dropped. */
function enqueue(queue: Toast[], toast: Toast): Toast[] {
  const errors = queue.filter((item) => item.type === 'error');
  const others = queue.filter((item) => item.type !== 'error');
  const ordered = toast.type === 'error' ? [...errors, toast, ...others] : [...queue, toast];
  while (ordered.length > MAX_QUEUED_TOASTS) {
    const oldest = ordered.findIndex((item) => item.type !== 'error');
    ordered.splice(oldest === -1 ? 0 : oldest, 1);
  }
  return ordered;
}

/**
 * Shows a toast with the default title and duration of its type (spec §8, §9). One toast is on
 * screen at a time: a new one waits for the one showing to leave, except an error, which takes
 * the screen at once (the news it pushes aside waits first in line), and a toast of the same
 * kind with `replaceKind`, which takes the place of the old one. The same news twice is one.
 */
export function showToast(input: ToastInput): string {
  const type = input.type ?? 'info';
  const toast: Toast = {
    id: `toast-${nextId++}`,
    type,
    title: input.title ?? t(`toast.title.${type}`),
    message: input.message,
    duration: input.duration ?? TOAST_DURATION_MS[type],
  };
  if (input.kind !== undefined) toast.kind = input.kind;
  if (input.icon !== undefined) toast.icon = input.icon;

  const state = useToastStore.getState();
  const shown = state.toasts[0];
  const twin = [...state.toasts, ...state.queue].find((item) => sameNews(item, toast));
  if (twin !== undefined) return twin.id;
  const family = input.replaceKind === true ? kindFamily(toast.kind) : undefined;
  const queue =
    family === undefined
      ? state.queue
      : state.queue.filter((item) => kindFamily(item.kind) !== family);
  if (shown === undefined || (family !== undefined && kindFamily(shown.kind) === family)) {
    present(toast, queue);
  } else if (type === 'error' && shown.type !== 'error') {
    present(toast, [shown, ...queue].slice(0, MAX_QUEUED_TOASTS));
  } else {
    useToastStore.setState({ queue: enqueue(queue, toast) });
  }
  return toast.id;
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
