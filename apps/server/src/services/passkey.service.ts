import { randomBytes, randomUUID } from 'node:crypto';
import {
  ErrorCode,
  PASSKEY_LIMIT,
  passkeyCreationOptionsSchema,
  passkeyRequestOptionsSchema,
  type MessageLanguage,
  type PasskeyAuthenticationResponse,
  type PasskeyCreationOptions,
  type PasskeyInfo,
  type PasskeyRegistrationResponse,
  type PasskeyRequestOptions,
  type Session,
} from '@yanzhi/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { CeremonyKind, PasskeyRow, UserRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import {
  relyingPartyOf,
  type RelyingParty,
  type RelyingPartySettings,
} from '../domain/relying-party.js';
import { AppError } from '../errors.js';
import { toPasskeyInfo } from '../views/passkey-view.js';
import { isUniqueViolation, type Store } from '../repositories/store.js';
import type { AuthService } from './auth.service.js';

/** How long a begun ceremony may be finished (ADR 0026). */
export const CEREMONY_TTL_MS = 5 * 60_000;
/** ES256 and RS256: what platform authenticators and security keys make. */
const ALGORITHMS = [-7, -257];

export interface PasskeySettings extends RelyingPartySettings {
  /** PASSKEY_RP_NAME: the site's name an authenticator shows. */
  rpName: string;
}

/** Where a ceremony happens: the origin the request came to, and the caller's language. */
export interface CeremonyPlace {
  requestOrigin: string;
  language: MessageLanguage;
}

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type Transport = (typeof TRANSPORTS)[number];

function isTransport(value: unknown): value is Transport {
  return TRANSPORTS.some((known) => known === value);
}

/** The transports stored with a passkey (JSON), keeping only the ones WebAuthn names. */
function parseTransports(raw: string | null): Transport[] | undefined {
  if (raw === null) return undefined;
  const value: unknown = JSON.parse(raw);
  return Array.isArray(value) ? value.filter(isTransport) : undefined;
}

function descriptorTransports(row: PasskeyRow): { transports?: Transport[] } {
  const transports = parseTransports(row.transports);
  return transports === undefined ? {} : { transports };
}

/** A saved passkey as a credential descriptor (excludeCredentials). */
function descriptorOf(row: PasskeyRow) {
  return { id: row.credential_id, type: 'public-key' as const, ...descriptorTransports(row) };
}

/**
 * Passkeys of the standalone app (DESIGN §4, ADR 0026): an account saves WebAuthn credentials
 * and signs in with any of them on any device. Each ceremony's challenge is a single-use row.
 */
export class PasskeyService {
  constructor(
    private readonly store: Store<'authCeremonies' | 'passkeys' | 'users'>,
    private readonly auth: AuthService,
    private readonly clock: Clock,
    private readonly settings: PasskeySettings,
  ) {}

  /** Options to create a passkey for the signed-in user; refused once they have the most. */
  async beginRegistration(
    user: UserRow,
    place: CeremonyPlace,
  ): Promise<{ ceremony_id: string; options: PasskeyCreationOptions }> {
    const rp = this.relyingParty(place);
    const existing = await this.store.repos.passkeys.listForUser(user.id);
    if (existing.length >= PASSKEY_LIMIT) throw new AppError(ErrorCode.PASSKEY_LIMIT_REACHED);
    const handle = await this.userHandle(user.id);
    const options = await generateRegistrationOptions({
      rpName: this.settings.rpName,
      rpID: rp.id,
      userName: user.nickname,
      userDisplayName: user.nickname,
      userID: isoBase64URL.toBuffer(handle),
      timeout: CEREMONY_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map(descriptorOf),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    const ceremonyId = await this.openCeremony('registration', user.id, options.challenge);
    // The library types some fields loosely (any string, any extension): read as the contract's.
    const checked = passkeyCreationOptionsSchema.parse(options);
    return { ceremony_id: ceremonyId, options: checked };
  }

  /** Verifies the authenticator's answer to a registration ceremony and saves the passkey. */
  async finishRegistration(
    user: UserRow,
    request: { ceremonyId: string; credential: PasskeyRegistrationResponse; name: string | null },
    place: CeremonyPlace,
  ): Promise<PasskeyInfo> {
    const rp = this.relyingParty(place);
    const now = this.clock.now();
    const { passkeys, authCeremonies } = this.store.repos;
    const ceremony = await authCeremonies.consume(request.ceremonyId, 'registration', user.id, now);
    if (!ceremony) throw new AppError(ErrorCode.PASSKEY_CEREMONY_INVALID);
    const verified = await verifyRegistrationResponse({
      response: request.credential,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    }).catch(() => null);
    if (!verified?.verified) throw new AppError(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    const { credential, credentialBackedUp } = verified.registrationInfo;
    if (await passkeys.findByCredentialId(credential.id)) {
      throw new AppError(ErrorCode.PASSKEY_ALREADY_SAVED);
    }
    const count = await passkeys.countForUser(user.id);
    if (count >= PASSKEY_LIMIT) throw new AppError(ErrorCode.PASSKEY_LIMIT_REACHED);
    const name = request.name || defaultName(count + 1, place.language);
    try {
      const row = await passkeys.insert({
        user_id: user.id,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        name,
        backed_up: credentialBackedUp ? 1 : 0,
        created_at: now,
      });
      return toPasskeyInfo(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.PASSKEY_ALREADY_SAVED);
      throw error;
    }
  }

  /** Options to sign in with any discoverable passkey of this site. */
  async beginSignIn(
    place: CeremonyPlace,
  ): Promise<{ ceremony_id: string; options: PasskeyRequestOptions }> {
    const rp = this.relyingParty(place);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'preferred',
      timeout: CEREMONY_TTL_MS,
    });
    const ceremonyId = await this.openCeremony('sign_in', null, options.challenge);
    // Discoverable credentials: no allowCredentials list. Read as the contract's type.
    return { ceremony_id: ceremonyId, options: passkeyRequestOptionsSchema.parse(options) };
  }

  /**
   * Verifies an assertion and opens a session for the passkey's account, as login_by_cookie
   * does. Every refusal leaves the passkey and the sessions as they were; the ceremony is spent.
   */
  async finishSignIn(
    request: { ceremonyId: string; credential: PasskeyAuthenticationResponse },
    place: CeremonyPlace,
    deviceId: string | null,
  ): Promise<Session> {
    const rp = this.relyingParty(place);
    const now = this.clock.now();
    const { passkeys, authCeremonies, users } = this.store.repos;
    const ceremony = await authCeremonies.consume(request.ceremonyId, 'sign_in', null, now);
    if (!ceremony) throw new AppError(ErrorCode.PASSKEY_CEREMONY_INVALID);
    const passkey = await passkeys.findByCredentialId(request.credential.id);
    const user = passkey && (await users.findById(passkey.user_id));
    if (!passkey || !user) throw new AppError(ErrorCode.PASSKEY_UNKNOWN);
    const { userHandle } = request.credential.response;
    if (userHandle !== undefined && userHandle !== (await passkeys.findHandle(user.id))) {
      throw new AppError(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    }
    const verified = await verifyAuthenticationResponse({
      response: request.credential,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.counter,
        ...descriptorTransports(passkey),
      },
    }).catch(() => null);
    if (!verified?.verified) throw new AppError(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    if (user.status === 'banned') throw new AppError(ErrorCode.ACCOUNT_BANNED);
    const { newCounter } = verified.authenticationInfo;
    if (!(await passkeys.recordUse(passkey.id, passkey.counter, newCounter, now))) {
      // Another sign-in with this passkey was recorded since it was read: one of them is a copy.
      throw new AppError(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    }
    return this.auth.issueSession(user, randomUUID(), deviceId);
  }

  /** Removes one of the user's passkeys; another's or an unknown id is 40407. */
  async delete(userId: number, passkeyId: number): Promise<{ deleted: true; remaining: number }> {
    const { passkeys } = this.store.repos;
    if (!(await passkeys.delete(passkeyId, userId)))
      throw new AppError(ErrorCode.PASSKEY_NOT_FOUND);
    return { deleted: true, remaining: await passkeys.countForUser(userId) };
  }

  private relyingParty(place: CeremonyPlace): RelyingParty {
    try {
      return relyingPartyOf(place.requestOrigin, this.settings);
    } catch {
      throw new AppError(ErrorCode.BAD_REQUEST);
    }
  }

  /** The account's opaque WebAuthn user handle, made on its first registration. */
  private async userHandle(userId: number): Promise<string> {
    const { passkeys } = this.store.repos;
    const found = await passkeys.findHandle(userId);
    if (found !== undefined) return found;
    const made = randomBytes(32).toString('base64url');
    await passkeys.insertHandleIfAbsent(userId, made, this.clock.now());
    return (await passkeys.findHandle(userId)) ?? made;
  }

  /** Stores a single-use challenge (pruning the expired ones) and returns its ceremony id. */
  private async openCeremony(
    kind: CeremonyKind,
    userId: number | null,
    challenge: string,
  ): Promise<string> {
    const now = this.clock.now();
    const id = randomBytes(16).toString('base64url');
    const { authCeremonies } = this.store.repos;
    await authCeremonies.pruneExpired(now);
    await authCeremonies.create({
      id,
      kind,
      user_id: userId,
      challenge,
      expires_at: now + CEREMONY_TTL_MS,
      created_at: now,
    });
    return id;
  }
}

function defaultName(index: number, language: MessageLanguage): string {
  return language === 'en' ? `Passkey ${index}` : `通行密钥 ${index}`;
}
