import type { RecoveryCode, Session } from '@yanzhi/contract';
import { useId, useState } from 'react';
import { Sheet } from '../../components/Sheet';
import { RecoveryCodeView } from './RecoveryCodeView';
import { SignInForms } from './SignInForms';
import './account.css';

interface SignInSheetProps {
  /** Keeps the session (the caller owns the user: setSession, then the user is read again). */
  onSession: (session: Session) => Promise<void> | void;
  onClose: () => void;
}

/**
 * "登录" for a visitor: a passkey, or a recovery code. A code is spent by signing in, so its
 * replacement is shown in this same sheet right away and has to be acknowledged; the session is
 * kept first, so a reload at that moment loses nothing but the sight of the new code.
 */
export function SignInSheet({ onSession, onClose }: SignInSheetProps) {
  const titleId = useId();
  const [replacement, setReplacement] = useState<RecoveryCode | null>(null);
  return (
    <Sheet
      labelledBy={titleId}
      testId="sign-in-sheet"
      onClose={() => {
        // With a new code on screen, only "I have saved it" closes the sheet.
        if (replacement === null) onClose();
      }}
    >
      {replacement ? (
        <RecoveryCodeView code={replacement.code} titleId={titleId} afterSignIn onDone={onClose} />
      ) : (
        <SignInForms
          titleId={titleId}
          onPasskeySession={async (session) => {
            await onSession(session);
            onClose();
          }}
          onCodeSession={async ({ recovery_code, ...session }) => {
            await onSession(session);
            setReplacement(recovery_code);
          }}
          onCancel={onClose}
        />
      )}
    </Sheet>
  );
}
