import { useState } from 'react';
import { Button } from '../../components/Button';
import { useProfileText } from './texts';
import { SignOutSheet } from './SignOutSheet';

/** Signs out after a confirmation that says how to come back (or warns there is no way back). */
export function SignOutButton({ userId }: { userId: number }) {
  const t = useProfileText();
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
