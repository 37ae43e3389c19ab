export { ToastArea } from './ToastArea';
export {
  clearToasts,
  dismissToast,
  MAX_QUEUED_TOASTS,
  showToast,
  toast,
  useToastStore,
  type RepeatableToastOptions,
  type Toast,
  type ToastInput,
} from './toast-store';
export {
  showAchievementToast,
  showFuelToast,
  showScoreToast,
  type Achievement,
} from './special-toasts';
