import type { CDPSession, Page } from '@playwright/test';
import { baseUrl } from './server.js';

/**
 * WebAuthn refuses an IP address as relying-party id, so passkey journeys browse the e2e server
 * as http://localhost:<port> (a secure context, like https). The server listens on 127.0.0.1,
 * where Chromium sends localhost, and takes the relying party from the Host header.
 */
export function localUrl(path = ''): string {
  const url = new URL(baseUrl());
  url.hostname = 'localhost';
  return `${url.origin}${path}`;
}

/** A credential as the CDP WebAuthn domain lists it (private key included, base64). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  client: CDPSession;
  authenticatorId: string;
}

/**
 * A platform authenticator inside the page's browser (the phone's own passkey store): CTAP2,
 * internal, resident keys, user verification that always succeeds, no dialog to click.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const client = await page.context().newCDPSession(page);
  await client.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await client.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { client, authenticatorId };
}

export async function credentialsOf({
  client,
  authenticatorId,
}: VirtualAuthenticator): Promise<VirtualCredential[]> {
  const { credentials } = await client.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials;
}

/** Copies credentials into another authenticator, as a synced passkey arrives on a new phone. */
export async function addCredentials(
  { client, authenticatorId }: VirtualAuthenticator,
  credentials: readonly VirtualCredential[],
): Promise<void> {
  for (const credential of credentials) {
    await client.send('WebAuthn.addCredential', { authenticatorId, credential });
  }
}
