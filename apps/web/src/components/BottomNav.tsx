import { Link, useLocation } from '../lib/router';
import { useT, type MessageKey } from '../lib/i18n';
import { Icon, type IconName } from './Icon';

interface NavItem {
  to: string;
  label: MessageKey;
  icon: IconName;
  /** Other paths on which this item is the current one. */
  alsoActiveOn?: readonly string[];
}

const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'nav.arena', icon: 'arena', alsoActiveOn: ['/arena'] },
  { to: '/leaderboard', label: 'nav.leaderboard', icon: 'trophy' },
  { to: '/upload', label: 'nav.upload', icon: 'plus' },
  { to: '/profile', label: 'nav.profile', icon: 'user' },
];

/**
 * 竞技场 · 排行榜 · 上传 · 我的, in thumb reach at the bottom of the top-level pages. `newsCount`
 * puts a count dot on 我的 (the user's photos' news); screen readers hear it with the label.
 */
export function BottomNav({ newsCount = 0 }: { newsCount?: number }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <ul className="bottom-nav__list">
        {NAV_ITEMS.map((item) => {
          const current = pathname === item.to || (item.alsoActiveOn?.includes(pathname) ?? false);
          const badge = item.to === '/profile' && newsCount > 0 ? newsCount : 0;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className={`bottom-nav__link ${current ? 'is-active' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                <Icon name={item.icon} className="bottom-nav__icon" />
                <span className="bottom-nav__label">{t(item.label)}</span>
                {badge > 0 ? (
                  <>
                    <span className="bottom-nav__badge" aria-hidden="true">
                      {badge > 99 ? '99+' : badge}
                    </span>
                    <span className="visually-hidden">{t('nav.newsBadge', { count: badge })}</span>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
