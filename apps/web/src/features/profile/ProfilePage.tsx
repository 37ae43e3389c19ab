import type { Session } from '@yanzhi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { useProfileText } from './texts';
import { KeepAccountSection, SignInSheet } from '../../services/account';
import { useUserStore } from '../../services/user';
import { DeleteAccountButton } from './DeleteAccountButton';
import { SignOutButton } from './SignOutButton';
import { GuestProfile } from './GuestProfile';
import { SignedInProfile } from './SignedInProfile';
import './profile.css';

/** Personal centre: the user's card, photos, data and achievements, or a voter's stats. */
export function ProfilePage() {
  const t = useProfileText();
  const user = useUserStore((state) => state.user);
  const queryClient = useQueryClient();
  // Here, not in the guest profile: the sheet outlives the switch to the signed-in profile, so a
  // recovery code's replacement stays on screen after the session is kept.
  const [signingIn, setSigningIn] = useState(false);

  const keepSession = async (session: Session) => {
    const store = useUserStore.getState();
    store.setSession(session);
    await store.refreshUser({ announce: true });
    // Everything read as the visitor (stats, photos) is now the account's; read again in the
    // background, the sheet does not wait for it.
    void queryClient.invalidateQueries();
  };

  return (
    <div className="page profile">
      <header className="page__header">
        <h1 className="page__title">{t('profile.heading')}</h1>
      </header>
      {user ? (
        <SignedInProfile key={user.id} user={user} />
      ) : (
        <GuestProfile
          onSignIn={() => {
            setSigningIn(true);
          }}
        />
      )}
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
            <Suspense
              fallback={
                <LoadingRegion>
                  <Skeleton height="220px" radius="12px" />
                </LoadingRegion>
              }
            >
              <KeepAccountSection key={user.id} userId={user.id} />
            </Suspense>
            <SignOutButton userId={user.id} />
            <DeleteAccountButton />
          </>
        ) : null}
      </section>
      {signingIn ? (
        <Suspense fallback={null}>
          <SignInSheet
            onSession={keepSession}
            onClose={() => {
              setSigningIn(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
