import type { PasskeyInfo, Session } from '@yanzhi/contract';
import { beginPasskeyRegistration } from './api/begin-passkey-registration';
import { beginPasskeySignIn } from './api/begin-passkey-sign-in';
import { finishPasskeyRegistration } from './api/finish-passkey-registration';
import { finishPasskeySignIn } from './api/finish-passkey-sign-in';
import { isCeremonyCancelled, loadWebAuthn } from './webauthn';

/** A ceremony the person cancelled in the browser's dialog: not a failure. */
export const CANCELLED = 'cancelled';

/**
 * Runs the browser's part of a ceremony; a cancel becomes CANCELLED, every other failure (the
 * library's WebAuthnError, a refusal of the server) is thrown for the caller to show.
 */
async function inBrowser<T>(step: () => Promise<T>): Promise<T | typeof CANCELLED> {
  try {
    return await step();
  } catch (error) {
    if (isCeremonyCancelled(error)) return CANCELLED;
    throw error;
  }
}

/** Saves a passkey for the signed-in account: options from the server, the browser, the server. */
export async function savePasskey(name: string): Promise<PasskeyInfo | typeof CANCELLED> {
  const [{ startRegistration }, begun] = await Promise.all([
    loadWebAuthn(),
    beginPasskeyRegistration(),
  ]);
  const credential = await inBrowser(() => startRegistration({ optionsJSON: begun.options }));
  if (credential === CANCELLED) return CANCELLED;
  const { passkey } = await finishPasskeyRegistration(begun.ceremony_id, credential, name);
  return passkey;
}

/** Signs in with any passkey of this site the browser offers; the answer is that account's session. */
export async function signInWithPasskey(): Promise<Session | typeof CANCELLED> {
  const [{ startAuthentication }, begun] = await Promise.all([
    loadWebAuthn(),
    beginPasskeySignIn(),
  ]);
  const credential = await inBrowser(() => startAuthentication({ optionsJSON: begun.options }));
  if (credential === CANCELLED) return CANCELLED;
  return finishPasskeySignIn(begun.ceremony_id, credential);
}
