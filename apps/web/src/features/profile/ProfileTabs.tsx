import { useRef, type KeyboardEvent } from 'react';
import { useProfileText } from './texts';

export const TABS = ['photos', 'data', 'achievements'] as const;
export type Tab = (typeof TABS)[number];

/** The profile's tab list; arrows, Home and End move between tabs (the ARIA tabs pattern). */
export function ProfileTabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  const t = useProfileText();
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    let next: Tab | undefined;
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length];
    else if (event.key === 'ArrowLeft') next = TABS[(index + TABS.length - 1) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={t('profile.tabs')}>
      {TABS.map((name) => (
        <button
          key={name}
          ref={(element) => {
            if (element) refs.current.set(name, element);
          }}
          type="button"
          role="tab"
          id={`profile-tab-${name}`}
          aria-controls="profile-panel"
          aria-selected={tab === name}
          tabIndex={tab === name ? 0 : -1}
          className="tabs__tab"
          onKeyDown={onKeyDown}
          onClick={() => {
            onChange(name);
          }}
        >
          {t(`profile.tab.${name}`)}
        </button>
      ))}
    </div>
  );
}
