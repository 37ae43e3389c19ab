import { randomUUID } from 'node:crypto';
import { ErrorCode, type RecoveryCode, type RecoveryCodeSession } from '@yanzhi/contract';
import type { RecoveryCodeRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import {
  formatRecoveryCode,
  generateRecoveryCode,
  hashRecoverySecret,
  parseRecoveryCode,
  verifyRecoverySecret,
} from '../domain/recovery-code.js';
import { AppError } from '../errors.js';
import type { Store } from '../repositories/store.js';
import type { AuthService } from './auth.service.js';

/**
 * One-time recovery codes (DESIGN §4, ADR 0026): the way back where passkeys are unavailable.
 * The code is shown once; the server keeps its lookup id and a slow hash of its secret. A code
 * signs in once and is replaced by a new one in the same step.
 */
export class RecoveryCodeService {
  /** Checked against when the lookup id is unknown, so that costs the same hash as a known one. */
  private decoy: Promise<string> | null = null;

  constructor(
    private readonly store: Store<'recoveryCodes' | 'users'>,
    private readonly auth: AuthService,
    private readonly clock: Clock,
  ) {}

  /** A new code for the user, replacing the one they had. */
  async create(userId: number): Promise<RecoveryCode> {
    const { row, code } = await this.makeCode(userId);
    await this.store.repos.recoveryCodes.put(row);
    return code;
  }

  /**
   * Signs in with a code: 40109 for anything but the account's current code. The code is spent
   * and its replacement stored in one conditional write, so of two concurrent uses one wins.
   */
  async signIn(input: string, deviceId: string | null): Promise<RecoveryCodeSession> {
    const parts = parseRecoveryCode(input);
    if (parts === null) throw new AppError(ErrorCode.RECOVERY_CODE_INVALID);
    const stored = await this.store.repos.recoveryCodes.findByLookup(parts.lookupId);
    const matches = await verifyRecoverySecret(
      parts.secret,
      stored?.secret_hash ?? (await this.decoyHash()),
    );
    if (!stored || !matches) throw new AppError(ErrorCode.RECOVERY_CODE_INVALID);
    const user = await this.store.repos.users.findById(stored.user_id);
    if (!user) throw new AppError(ErrorCode.RECOVERY_CODE_INVALID);
    if (user.status === 'banned') throw new AppError(ErrorCode.ACCOUNT_BANNED);
    const next = await this.makeCode(user.id);
    const won = await this.store.transaction((repos) =>
      repos.recoveryCodes.replace(parts.lookupId, next.row),
    );
    if (!won) throw new AppError(ErrorCode.RECOVERY_CODE_INVALID);
    const session = await this.auth.issueSession(user, randomUUID(), deviceId);
    return { ...session, recovery_code: next.code };
  }

  private async makeCode(userId: number): Promise<{ row: RecoveryCodeRow; code: RecoveryCode }> {
    const now = this.clock.now();
    const parts = generateRecoveryCode();
    const row = {
      user_id: userId,
      lookup_id: parts.lookupId,
      secret_hash: await hashRecoverySecret(parts.secret),
      created_at: now,
    };
    return {
      row,
      code: { code: formatRecoveryCode(parts), created_at: new Date(now).toISOString() },
    };
  }

  private decoyHash(): Promise<string> {
    this.decoy ??= hashRecoverySecret(generateRecoveryCode().secret);
    return this.decoy;
  }
}
