import type { RecoveryCode, SignInMethods } from '@yanzhi/contract';
import { Suspense, useId, useState } from 'react';
import { Sheet } from '../../components/Sheet';
import { SheetActions } from '../../components/SheetActions';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import {
  RecoveryCodeView,
  SaveAccountActions,
  useAccountText,
  useSignInMethods,
} from '../../services/account';
import { toast } from '../../services/toasts';
import { useUserStore } from '../../services/user';
import { WaysBack } from './WaysBack';

/** A device account with photos and no way back in: signing out would strand its photos. */
export function isStranded(methods: SignInMethods | undefined): boolean {
  return methods !== undefined && !methods.can_return && methods.photo_count > 0;
}

/**
 * "Sign out?": how to come back (passkey, recovery code, the host app), read from the server.
 * An account with photos and no way back is told plainly what it would lose, and can save a
 * passkey or a code right here first; a code made here is shown in this sheet, once.
 */
export function SignOutSheet({ userId, onClose }: { userId: number; onClose: () => void }) {
  const t = useAccountText();
  const titleId = useId();
  const methods = useSignInMethods(userId);
  const signOut = useUserStore((state) => state.signOut);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<RecoveryCode | null>(null);
  const stranded = isStranded(methods.data);

  const confirm = async () => {
    setBusy(true);
    await signOut();
    toast.info(t('profile.signedOut'));
  };

  return (
    <Sheet
      labelledBy={titleId}
      testId="sign-out-sheet"
      onClose={() => {
        // A new code on screen is never shown again: only "I have saved it" leaves it.
        if (code === null) onClose();
      }}
    >
      {/* Saving a way back is the account's code, fetched on demand: until it is here the sheet
          shows its title and a placeholder, never a confirm button that moves under a finger. */}
      <Suspense
        fallback={
          <div className="sheet-form">
            <h2 id={titleId} className="sheet-form__title">
              {t('signOut.title')}
            </h2>
            <LoadingRegion>
              <Skeleton height="160px" radius="12px" />
            </LoadingRegion>
          </div>
        }
      >
        {code ? (
          <RecoveryCodeView
            code={code.code}
            titleId={titleId}
            onDone={() => {
              setCode(null);
            }}
          />
        ) : (
          <div className="sheet-form">
            <h2 id={titleId} className="sheet-form__title">
              {t('signOut.title')}
            </h2>
            {methods.data ? (
              <WaysBack methods={methods.data} />
            ) : methods.isPending ? (
              <LoadingRegion>
                <Skeleton height="64px" radius="12px" />
              </LoadingRegion>
            ) : (
              <p className="sheet-form__text">{t('signOut.unknown')}</p>
            )}
            {stranded ? (
              <>
                <p className="sheet-form__text">{t('signOut.saveFirst')}</p>
                <SaveAccountActions hasCode={false} onCode={setCode} />
              </>
            ) : null}
            <SheetActions
              block="sheet-form"
              cancelLabel={t('common.cancel')}
              onCancel={onClose}
              confirmLabel={
                busy
                  ? t('profile.signingOut')
                  : stranded
                    ? t('signOut.anyway')
                    : t('signOut.confirm')
              }
              confirmDisabled={busy || methods.isPending}
              onConfirm={() => {
                void confirm();
              }}
              danger={stranded}
            />
          </div>
        )}
      </Suspense>
    </Sheet>
  );
}
