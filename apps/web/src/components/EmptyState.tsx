import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

interface EmptyStateProps {
  icon?: IconName;
  title: string;
  message?: string;
  action?: ReactNode;
  /** `status` announces the state politely when it appears. */
  role?: 'status';
}

export function EmptyState({ icon, title, message, action, role }: EmptyStateProps) {
  return (
    <div className="state" role={role} data-testid="empty-state">
      {icon ? (
        <span className="state__icon">
          <Icon name={icon} size={28} />
        </span>
      ) : null}
      <p className="state__title">{title}</p>
      {message ? <p className="state__message">{message}</p> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}
