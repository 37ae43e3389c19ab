export { ToastArea } from './ToastArea';
export {
  clearToasts,
  dismissToast,
  showAchievementToast,
  showFuelToast,
  showScoreToast,
  showToast,
  toast,
  useToastStore,
  type Achievement,
  type RepeatableToastOptions,
  type Toast,
  type ToastInput,
} from './toast-store';
