/**
 * The browser side of passkeys. @simplewebauthn/browser is fetched only when a ceremony starts
 * (a dynamic import): no page pays for it on its first download (ADR 0014).
 */

/**
 * Whether this browser offers WebAuthn at all: the library's own `browserSupportsWebAuthn` test,
 * written out so the profile knows which buttons to show without downloading the library. Many
 * in-app webviews have no `PublicKeyCredential`: they get the recovery code instead.
 */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}

export function loadWebAuthn() {
  return import('@simplewebauthn/browser');
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

/**
 * The person closed the browser's passkey dialog, or let it time out: browsers give both as
 * NotAllowedError (an AbortError when the page cancels). Nothing went wrong; nothing is said.
 */
export function isCeremonyCancelled(error: unknown): boolean {
  const name = nameOf(error);
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** The authenticator already holds a passkey of this account (the server listed it as excluded). */
export function isAlreadyOnAuthenticator(error: unknown): boolean {
  return nameOf(error) === 'InvalidStateError';
}
