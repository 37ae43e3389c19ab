import { useState } from 'react';
import { Button } from '../../components/Button';
import { useT } from '../../lib/i18n';
import { SignOutSheet } from './SignOutSheet';

/** Signs out after a confirmation that says how to come back (or warns there is no way back). */
export function SignOutButton({ userId }: { userId: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        block
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('profile.signOut')}
      </Button>
      {open ? (
        <SignOutSheet
          userId={userId}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
