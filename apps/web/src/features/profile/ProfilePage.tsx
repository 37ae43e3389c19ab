import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useT } from '../../lib/i18n';
import { useUserStore } from '../../services/user';
import { DeleteAccountButton } from './DeleteAccountButton';
import { SignOutButton } from './SignOutButton';
import { GuestProfile } from './GuestProfile';
import { SignedInProfile } from './SignedInProfile';
import './profile.css';

/** Personal centre: the user's card, photos, data and achievements, or a voter's stats. */
export function ProfilePage() {
  const t = useT();
  const user = useUserStore((state) => state.user);
  return (
    <div className="page profile">
      <header className="page__header">
        <h1 className="page__title">{t('profile.heading')}</h1>
      </header>
      {user ? <SignedInProfile key={user.id} user={user} /> : <GuestProfile />}
      <section className="profile__section" aria-labelledby="settings-heading">
        <h2 id="settings-heading" className="section-title">
          {t('profile.settings')}
        </h2>
        <div className="profile__setting">
          <span className="profile__setting-label" aria-hidden="true">
            {t('language.label')}
          </span>
          <LanguageSwitch />
        </div>
        {user ? (
          <>
            <SignOutButton />
            <DeleteAccountButton />
          </>
        ) : null}
      </section>
    </div>
  );
}
