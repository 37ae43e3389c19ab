import { randomUUID } from 'node:crypto';
import { ErrorCode, type Session, type UserInfo } from '@yanzhi/contract';
import type { UserRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import {
  extractHostCredential,
  generateToken,
  hashToken,
  isHostToken,
  verifyHostToken,
  type HostTokenPayload,
} from '../domain/tokens.js';
import { AppError } from '../errors.js';
import type { Store } from '../repositories/store.js';
import type { IdentityService } from './identity.service.js';

type InvalidTokenCode =
  | typeof ErrorCode.TOKEN_INVALID
  | typeof ErrorCode.TOKEN_EXPIRED
  | typeof ErrorCode.TOKEN_REVOKED
  | typeof ErrorCode.ACCOUNT_BANNED;

/** Who is calling, resolved once per request from the `access-token` header. */
export type AuthState =
  | { kind: 'anonymous' }
  | { kind: 'user'; user: UserRow; via: 'session'; sessionId: number }
  | { kind: 'user'; user: UserRow; via: 'host'; tokenHash: string; expiresAt: number }
  | { kind: 'invalid'; code: InvalidTokenCode };

/** A request with a signed-in user (what `requireUser` lets through). */
export type SignedInAuth = Extract<AuthState, { kind: 'user' }>;

export interface AuthSettings {
  hostTokenSecret: string;
  sessionTtlMs: number;
  refreshTtlMs: number;
}

/** Only write last_used_at when it is this stale, so reads do not become writes. */
const TOUCH_INTERVAL_MS = 3_600_000;

export function toUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    nickname: user.nickname,
    avatar_url: user.avatar_url,
    fuel: user.fuel_balance,
    role: user.role,
    is_device_account: user.is_device_account === 1,
    created_at: new Date(user.created_at).toISOString(),
  };
}

export class AuthService {
  constructor(
    private readonly store: Store<'sessions' | 'users'>,
    private readonly identity: IdentityService,
    private readonly clock: Clock,
    private readonly settings: AuthSettings,
  ) {}

  /** Resolves a bearer token: one of our session tokens or a host-signed token (DESIGN §4). */
  async authenticate(token: string | undefined): Promise<AuthState> {
    if (token === undefined || token === '') return { kind: 'anonymous' };
    const state = isHostToken(token)
      ? await this.authenticateHostToken(token)
      : await this.authenticateSessionToken(token);
    if (state.kind === 'user' && state.user.status === 'banned') {
      return { kind: 'invalid', code: ErrorCode.ACCOUNT_BANNED };
    }
    return state;
  }

  private async authenticateSessionToken(token: string): Promise<AuthState> {
    const now = this.clock.now();
    const session = await this.store.repos.sessions.findByAccessHash(hashToken(token));
    if (!session) return { kind: 'invalid', code: ErrorCode.TOKEN_INVALID };
    if (session.revoked_at !== null) return { kind: 'invalid', code: ErrorCode.TOKEN_REVOKED };
    if (session.access_expires_at <= now) return { kind: 'invalid', code: ErrorCode.TOKEN_EXPIRED };
    const user = await this.store.repos.users.findById(session.user_id);
    if (!user) return { kind: 'invalid', code: ErrorCode.TOKEN_REVOKED };
    if (now - session.last_used_at > TOUCH_INTERVAL_MS)
      await this.store.repos.sessions.touch(session.id, now);
    return { kind: 'user', user, via: 'session', sessionId: session.id };
  }

  private async authenticateHostToken(token: string): Promise<AuthState> {
    const now = this.clock.now();
    const check = verifyHostToken(token, this.settings.hostTokenSecret, now);
    if (!check.ok) {
      return {
        kind: 'invalid',
        code: check.reason === 'expired' ? ErrorCode.TOKEN_EXPIRED : ErrorCode.TOKEN_INVALID,
      };
    }
    const tokenHash = hashToken(token);
    if (await this.store.repos.sessions.isHostTokenRevoked(tokenHash)) {
      return { kind: 'invalid', code: ErrorCode.TOKEN_REVOKED };
    }
    const user = await this.findOrCreateHostUser(check.payload, now);
    return { kind: 'user', user, via: 'host', tokenHash, expiresAt: check.payload.exp * 1000 };
  }

  private findOrCreateHostUser(payload: HostTokenPayload, now: number): Promise<UserRow> {
    const nickname = payload.name?.trim() || `用户${payload.sub.slice(-6)}`;
    return this.identity.findOrCreateHostUser(payload.sub, nickname, now);
  }

  /** `login_by_cookie`: exchanges a host credential for one of our sessions. */
  async loginByCookie(cookie: string, deviceId: string | null): Promise<Session> {
    const credential = extractHostCredential(cookie);
    const now = this.clock.now();
    const check = credential
      ? verifyHostToken(credential, this.settings.hostTokenSecret, now)
      : null;
    if (!credential || !check?.ok) throw new AppError(ErrorCode.HOST_CREDENTIAL_INVALID);
    if (await this.store.repos.sessions.isHostTokenRevoked(hashToken(credential))) {
      throw new AppError(ErrorCode.HOST_CREDENTIAL_INVALID);
    }
    const user = await this.findOrCreateHostUser(check.payload, now);
    if (user.status === 'banned') throw new AppError(ErrorCode.ACCOUNT_BANNED);
    return this.issueSession(user, randomUUID(), deviceId);
  }

  /** Rotates a refresh token. Presenting an already rotated token revokes its whole family. */
  async refresh(refreshToken: string, deviceId: string | null): Promise<Session> {
    const now = this.clock.now();
    const session = await this.store.repos.sessions.findByRefreshHash(hashToken(refreshToken));
    if (!session) throw new AppError(ErrorCode.REFRESH_TOKEN_INVALID);
    if (session.revoked_at !== null) {
      if (session.revoked_reason === 'rotated') {
        await this.store.repos.sessions.revokeFamily(session.family_id, 'reuse_detected', now);
      }
      throw new AppError(ErrorCode.REFRESH_TOKEN_INVALID);
    }
    if (session.refresh_expires_at <= now) throw new AppError(ErrorCode.REFRESH_TOKEN_INVALID);
    const user = await this.store.repos.users.findById(session.user_id);
    if (!user) throw new AppError(ErrorCode.REFRESH_TOKEN_INVALID);
    if (user.status === 'banned') throw new AppError(ErrorCode.ACCOUNT_BANNED);
    const won = await this.store.repos.sessions.revoke(session.id, 'rotated', now);
    if (!won) {
      // A concurrent refresh with the same token got there first: treat it as reuse.
      await this.store.repos.sessions.revokeFamily(session.family_id, 'reuse_detected', now);
      throw new AppError(ErrorCode.REFRESH_TOKEN_INVALID);
    }
    return this.issueSession(user, session.family_id, deviceId ?? session.device_id);
  }

  /** Signs out: revokes our session, or records a host token as revoked until it expires. */
  async signOut(auth: Extract<AuthState, { kind: 'user' }>): Promise<void> {
    const now = this.clock.now();
    if (auth.via === 'session')
      await this.store.repos.sessions.revoke(auth.sessionId, 'signed_out', now);
    else await this.store.repos.sessions.revokeHostToken(auth.tokenHash, auth.expiresAt, now);
  }

  /**
   * `get_user_info`: the header token wins; a body token naming someone else is refused, and a
   * body token alone is accepted (the client may ask before it stores the token).
   */
  async getUserInfo(
    headerAuth: AuthState,
    bodyToken: string | null | undefined,
  ): Promise<UserInfo> {
    return toUserInfo(await this.signedInCaller(headerAuth, bodyToken));
  }

  /**
   * The caller of a call that also takes the token in its body (spec §7): the access-token
   * header wins; a body token naming someone else is refused.
   */
  async signedInCaller(
    headerAuth: AuthState,
    bodyToken: string | null | undefined,
  ): Promise<UserRow> {
    const bodyAuth = bodyToken ? await this.authenticate(bodyToken) : null;
    if (headerAuth.kind === 'invalid') throw new AppError(headerAuth.code);
    if (headerAuth.kind === 'user') {
      if (bodyAuth?.kind === 'user' && bodyAuth.user.id !== headerAuth.user.id) {
        throw new AppError(ErrorCode.USER_MISMATCH);
      }
      return headerAuth.user;
    }
    if (!bodyAuth) throw new AppError(ErrorCode.NOT_SIGNED_IN);
    if (bodyAuth.kind === 'invalid') throw new AppError(bodyAuth.code);
    if (bodyAuth.kind === 'anonymous') throw new AppError(ErrorCode.NOT_SIGNED_IN);
    return bodyAuth.user;
  }

  /** A fresh session for a user (also used when an upload creates a device account). */
  async issueSession(user: UserRow, familyId: string, deviceId: string | null): Promise<Session> {
    const now = this.clock.now();
    const token = generateToken('at');
    const refreshToken = generateToken('rt');
    const accessExpiresAt = now + this.settings.sessionTtlMs;
    const refreshExpiresAt = now + this.settings.refreshTtlMs;
    await this.store.repos.sessions.create({
      user_id: user.id,
      family_id: familyId,
      access_hash: hashToken(token),
      refresh_hash: hashToken(refreshToken),
      access_expires_at: accessExpiresAt,
      refresh_expires_at: refreshExpiresAt,
      device_id: deviceId,
      created_at: now,
    });
    return {
      token,
      refresh_token: refreshToken,
      expires_at: new Date(accessExpiresAt).toISOString(),
      refresh_expires_at: new Date(refreshExpiresAt).toISOString(),
      userInfo: toUserInfo(user),
    };
  }
}
