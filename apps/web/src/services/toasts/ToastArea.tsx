import { Suspense, lazy, type CSSProperties } from 'react';
import { Icon, type IconName } from '../../components/Icon';
import { useT } from '../../lib/i18n';
import { dismissToast, useToastStore, type Toast } from './toast-store';
import './toasts.css';

/**
 * Achievement badges are a chunk of their own: they show only after a vote, never in the first
 * paint (ADR 0014). Until the badge is here its place stays empty.
 */
const AchievementIcon = lazy(async () => ({
  default: (await import('../../components/AchievementIcon')).AchievementIcon,
}));

const TYPE_ICONS: Record<Toast['type'], IconName> = {
  success: 'check',
  error: 'close',
  warning: 'exclamation',
  info: 'info',
};

/** Achievements carry an icon key drawn as SVG; other toasts show the icon of their type. */
function ToastIcon({ toast }: { toast: Toast }) {
  if (toast.kind === 'achievement') {
    return (
      <Suspense fallback={null}>
        <AchievementIcon icon={toast.icon} size={16} />
      </Suspense>
    );
  }
  if (toast.icon !== undefined) return <>{toast.icon}</>;
  return <Icon name={toast.kind === 'fuel' ? 'bolt' : TYPE_ICONS[toast.type]} size={16} />;
}

function ToastItem({ toast }: { toast: Toast }) {
  const t = useT();
  const dismiss = () => {
    dismissToast(toast.id);
  };
  const progressStyle = { '--toast-duration': `${toast.duration}ms` } as CSSProperties;
  return (
    <li className="toast" data-testid="toast" data-type={toast.type} data-kind={toast.kind}>
      {/* The whole toast is a button so a tap anywhere removes it; keyboard users have "close". */}
      <button type="button" className="toast__body" tabIndex={-1} onClick={dismiss}>
        <span className="toast__icon" aria-hidden="true">
          <ToastIcon toast={toast} />
        </span>
        <span className="toast__text">
          <strong className="toast__title">{toast.title}</strong>
          {toast.message ? <span className="toast__message">{toast.message}</span> : null}
        </span>
      </button>
      <button
        type="button"
        className="toast__close"
        aria-label={t('common.close')}
        onClick={dismiss}
      >
        <Icon name="close" size={18} />
      </button>
      {toast.duration > 0 ? (
        <span
          className="toast__progress"
          data-testid="toast-progress"
          aria-hidden="true"
          style={progressStyle}
        />
      ) : null}
    </li>
  );
}

/**
 * The notification area at the top of every page (spec §2). Errors are announced assertively,
 * everything else politely; both lists exist before any toast so screen readers pick them up.
 */
export function ToastArea() {
  const t = useT();
  const toasts = useToastStore((state) => state.toasts);
  const errors = toasts.filter((toast) => toast.type === 'error');
  const others = toasts.filter((toast) => toast.type !== 'error');
  return (
    <section className="toast-area" aria-label={t('toast.region')} data-testid="toast-area">
      <ol className="toast-list" aria-live="assertive" aria-label={t('toast.errorRegion')}>
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
      <ol className="toast-list" aria-live="polite">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
