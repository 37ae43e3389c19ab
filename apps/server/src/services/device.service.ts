import { ErrorCode } from '@yanzhi/contract';
import type { DeviceBindingRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import { dayKey } from '../domain/day.js';
import { neighbourhoodOf } from '../domain/network.js';
import { generateDeviceSecret, hashToken, isDeviceSecret } from '../domain/tokens.js';
import { AppError } from '../errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { Store } from '../repositories/store.js';
import type { IdentityService } from './identity.service.js';

const HOUR_MS = 3_600_000;
/** How long a page's own concurrent first requests may come without the cookie (ADR 0022). */
export const FIRST_SIGHT_GRACE_MS = 60_000;

export interface DeviceSettings {
  newIdsPerHourIp: number;
  fuelDailyCap: number;
  timeZone: string;
}

/** A request that names an anonymous id, and what it presented. */
export interface DeviceClaim {
  anonymousId: string;
  /** The device secret from the cookie or the x-device-secret header, if any. */
  secret: string | null;
  /** The spec's x-session-id header, if any. */
  sessionId: string | null;
  ip: string;
  /** The signed-in user, into whom the id's anonymous history is merged. */
  userId: number | null;
}

/** An unseen id's binding, made once the request that first named it has succeeded. */
export interface PendingBinding {
  secret: string;
  /** The server made the secret (the caller had none): it leaves as the caller's cookie. */
  issued: boolean;
  row: DeviceBindingRow;
}

/**
 * Anonymous ids bound to their device (DESIGN §4, ADR 0022). An id is a name, not a
 * credential: the first request naming an unseen id binds it to the caller's device secret
 * (issued here when the caller has none); afterwards only the holder of that secret may use it.
 */
export class DeviceService {
  constructor(
    private readonly store: Store<'deviceBindings'>,
    private readonly identity: IdentityService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly settings: DeviceSettings,
  ) {}

  /**
   * Admits a request under an anonymous id, or refuses it with 40310 (the id belongs to another
   * device) or 42910 (too many new ids from this address). A signed-in holder's device history
   * is merged into their account here. An unseen id is bound only once the request has
   * succeeded (`bind`), so a refused request leaves nothing behind: admit returns that binding.
   */
  async admit(claim: DeviceClaim): Promise<PendingBinding | null> {
    const now = this.clock.now();
    const presented = claim.secret !== null && isDeviceSecret(claim.secret) ? claim.secret : null;
    const binding = await this.store.repos.deviceBindings.find(claim.anonymousId);
    let pending: PendingBinding | null = null;
    if (binding === undefined) {
      const key = `new-ids:ip:${claim.ip}`;
      if (!(await this.limiter.hit(key, this.settings.newIdsPerHourIp, HOUR_MS))) {
        throw new AppError(ErrorCode.TOO_MANY_NEW_DEVICE_IDS);
      }
      pending = {
        secret: presented ?? generateDeviceSecret(),
        issued: presented === null,
        row: {
          anonymous_id: claim.anonymousId,
          secret_hash: '',
          neighbourhood: neighbourhoodOf(claim.ip),
          session_hash: claim.sessionId === null ? null : hashToken(claim.sessionId),
          created_at: now,
        },
      };
      pending.row.secret_hash = hashToken(pending.secret);
    } else if (!this.holds(binding, presented, claim.sessionId, now)) {
      throw new AppError(ErrorCode.DEVICE_ID_TAKEN);
    }
    // Only a bound id's history is merged, and only by its holder (checked above). An unbound
    // id has no history but what a refused first request may have left: nothing to take.
    if (claim.userId !== null && binding !== undefined) {
      await this.identity.absorbAnonymous(claim.anonymousId, claim.userId, now, {
        today: dayKey(now, this.settings.timeZone),
        dailyCap: this.settings.fuelDailyCap,
      });
    }
    return pending;
  }

  /**
   * The anonymous id a device secret holds (its latest binding), for a page request that shows
   * the holder's own figures; null for no secret, a malformed one or one that holds nothing.
   */
  async holderOf(secret: string | null): Promise<string | null> {
    if (secret === null || !isDeviceSecret(secret)) return null;
    return (await this.store.repos.deviceBindings.latestBoundTo(hashToken(secret))) ?? null;
  }

  /**
   * Binds an id first seen by a request that has now succeeded. Returns the secret to send as
   * the caller's cookie, if one was issued and the binding is the caller's: when a concurrent
   * request bound the id first, that one's answer carries the cookie.
   */
  async bind(pending: PendingBinding): Promise<string | null> {
    if (await this.store.repos.deviceBindings.bind(pending.row))
      return pending.issued ? pending.secret : null;
    return null;
  }

  /**
   * The holder presents the bound secret. Without any secret, the page that bound the id a moment
   * ago (same x-session-id) is let through: its concurrent first requests left before the cookie
   * came back. A session id is never in a link, so a planter cannot present it.
   */
  private holds(
    binding: { secret_hash: string; session_hash: string | null; created_at: number },
    presented: string | null,
    sessionId: string | null,
    now: number,
  ): boolean {
    if (presented !== null) return hashToken(presented) === binding.secret_hash;
    return (
      sessionId !== null &&
      binding.session_hash !== null &&
      now - binding.created_at < FIRST_SIGHT_GRACE_MS &&
      hashToken(sessionId) === binding.session_hash
    );
  }
}
