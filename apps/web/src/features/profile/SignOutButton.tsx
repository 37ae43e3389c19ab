import { useState } from 'react';
import { Button } from '../../components/Button';
import { useT } from '../../lib/i18n';
import { toast } from '../../services/toasts';
import { useUserStore } from '../../services/user';

/** Signs out through the server, then says so. */
export function SignOutButton() {
  const t = useT();
  const signOut = useUserStore((state) => state.signOut);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    await signOut();
    toast.info(t('profile.signedOut'));
  };
  return (
    <Button
      variant="secondary"
      block
      disabled={busy}
      onClick={() => {
        void onClick();
      }}
    >
      {busy ? t('profile.signingOut') : t('profile.signOut')}
    </Button>
  );
}

/** Deletes the account after a confirmation that lists what goes with it. */
