import { ErrorCode, type CallInput, type UserRole } from '@yanzhi/contract';
import type { Clock } from '../domain/clock.js';
import { neighbourhoodOf } from '../domain/network.js';
import { mapReportReason } from '../domain/report-reason.js';
import { hasStanding, hideThreshold, shouldHide } from '../domain/standing.js';
import { AppError } from '../errors.js';
import type { ModerationRepository, OpenReportRow } from '../repositories/moderation.repository.js';
import type { Store } from '../repositories/store.js';
import type { ArenaIndexes } from '../indexes/arena-indexes.js';
import { imageOf } from '../views/image-view.js';
import type { Caller } from './arena.service.js';
import type { SignedInAuth } from './auth.service.js';
import type { IdentityService } from './identity.service.js';

export interface ModerationSettings {
  /** Distinct neighbourhoods of reporters with standing that hide a little-seen photo. */
  hideThreshold: number;
  /** Refit weight at or above which a voter's reports have standing (ARENA_RELIABILITY_CUTOFF). */
  reliabilityCutoff: number;
}

/** Who reports: the acting user or device, and the request's address. */
export interface ReportingCaller extends Caller {
  /** Signed in with the device account a first upload made (no host or linked account). */
  deviceAccount: boolean;
  /** The request's network address. */
  ip: string;
}

const QUEUE_PAGE_SIZE = 20;
/** How long a reviewed report keeps its reporter's address (ADR 0023). */
export const REPORT_ADDRESS_RETENTION_MS = 30 * 86_400_000;

const ROLE_RANK: Readonly<Record<UserRole, number>> = { user: 0, moderator: 1, admin: 2 };

function reportView(report: OpenReportRow) {
  return {
    report_id: report.id,
    reporter_user_id: report.reporter_user_id,
    reporter_anonymous_id: report.reporter_anonymous_id,
    neighbourhood: report.reporter_neighbourhood,
    address: report.reporter_address,
    with_standing: report.with_standing === 1,
    reason: report.reason,
    reason_text: report.reason_text,
    notes: report.notes,
    created_at: new Date(report.created_at).toISOString(),
  };
}

/**
 * Reports and their review (DESIGN §7): a photo is hidden pending review only by reporters with
 * standing from enough distinct neighbourhoods (domain/standing.ts); moderators see who reported
 * from where and decide; every decision is logged.
 */
export class ModerationService {
  constructor(
    private readonly store: Store<'moderation' | 'photos'>,
    private readonly identity: IdentityService,
    private readonly indexes: ArenaIndexes,
    private readonly clock: Clock,
    private readonly settings: ModerationSettings,
  ) {}

  async report(input: CallInput<'submit_photo_report'>, caller: ReportingCaller) {
    const now = this.clock.now();
    // A host client's own words are mapped to ours, never refused for wording (DESIGN §3).
    const reason = mapReportReason(input.reason);
    const voter = await this.identity.resolveVoter(caller.anonymousId, caller.userId, now);
    const withStanding = hasStanding(
      {
        signedIn: caller.userId !== null,
        deviceAccount: caller.deviceAccount,
        refitWeight: voter.refit_weight,
        trust: voter.trust,
        totalVotes: voter.total_votes,
        goldPassed: voter.gold_passed,
      },
      { reliabilityCutoff: this.settings.reliabilityCutoff },
    );
    const outcome = await this.store.transaction(async ({ photos, moderation }) => {
      const photo = await photos.lockLive(input.photo_id);
      if (!photo || photo.state === 'removed') throw new AppError(ErrorCode.PHOTO_NOT_FOUND);
      if (caller.userId !== null && photo.user_id === caller.userId) {
        throw new AppError(ErrorCode.FORBIDDEN, {
          zh: '不能举报自己的照片',
          en: 'You cannot report your own photo',
        });
      }
      const reportId = await moderation.insertReport({
        photo_id: photo.id,
        reporter_voter_id: voter.id,
        reporter_user_id: caller.userId,
        reporter_anonymous_id: caller.userId === null ? caller.anonymousId : null,
        reporter_address: caller.ip,
        reporter_neighbourhood: neighbourhoodOf(caller.ip),
        with_standing: withStanding,
        reason: reason.reason,
        reason_text: reason.text,
        notes: input.notes,
        created_at: now,
      });
      if (reportId === null) throw new AppError(ErrorCode.ALREADY_REPORTED);
      // Reports without standing reach the queue but never hide: ids cost nothing to make.
      const threshold = hideThreshold(this.settings.hideThreshold, photo.comparisons);
      const hide =
        withStanding &&
        photo.state === 'active' &&
        shouldHide(await moderation.standingNeighbourhoods(photo.id), threshold);
      if (hide) {
        await moderation.setPhotoState(photo.id, 'hidden', null, now);
        await moderation.log({
          photo_id: photo.id,
          moderator_id: null,
          decision: 'auto_hide',
          reason: `reporters with standing from ${threshold} neighbourhoods`,
          created_at: now,
        });
      }
      return { reportId, photo, hide };
    });
    if (outcome.hide) {
      (await this.indexes.get(outcome.photo.category_id)).index.remove(String(outcome.photo.id));
    }
    return { report_id: outcome.reportId, photo_id: outcome.photo.id };
  }

  private static requireModerator(auth: SignedInAuth): void {
    if (auth.user.role !== 'moderator' && auth.user.role !== 'admin') {
      throw new AppError(ErrorCode.FORBIDDEN);
    }
  }

  /**
   * A moderator acts only on people of a lower role (an admin on moderators and users, a
   * moderator on users), never on themselves: no one can ban a peer, restore their own photo or
   * take a rival moderator out. The operator's CLI (`auth` null) is not limited.
   */
  private static async requireAuthorityOver(
    moderation: ModerationRepository,
    auth: SignedInAuth | null,
    userId: number,
  ): Promise<void> {
    if (!auth) return;
    const role = await moderation.roleOf(userId);
    if (
      userId === auth.user.id ||
      (role !== null && ROLE_RANK[role] >= ROLE_RANK[auth.user.role])
    ) {
      throw new AppError(ErrorCode.MODERATION_PROTECTED);
    }
  }

  /** `auth` null: the admin CLI, run by the operator. */
  async queue(auth: SignedInAuth | null, page: number) {
    if (auth) ModerationService.requireModerator(auth);
    const { moderation } = this.store.repos;
    await moderation.forgetAddresses(this.clock.now() - REPORT_ADDRESS_RETENTION_MS);
    const { rows, total } = await moderation.queue(QUEUE_PAGE_SIZE, (page - 1) * QUEUE_PAGE_SIZE);
    const reports = await moderation.openReports(rows.map((row) => row.photo_id));
    return {
      items: rows.map((row) => {
        const mine = reports.filter((report) => report.photo_id === row.photo_id);
        const counts = new Map<string, number>();
        for (const report of mine) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
        return {
          photo_id: row.photo_id,
          owner_id: row.owner_id,
          owner_name: row.owner_name,
          state: row.state === 'hidden' ? ('hidden' as const) : ('active' as const),
          image: imageOf(row),
          report_count: row.report_count,
          voices: row.voices,
          standing_neighbourhoods: row.standing_neighbourhoods,
          hide_threshold: hideThreshold(this.settings.hideThreshold, row.comparisons),
          reasons: [...counts].map(([reason, count]) => ({ reason, count })),
          notes: mine.map((report) => report.notes).filter((note) => note !== ''),
          reports: mine.map(reportView),
          first_reported_at: new Date(row.first_reported_at).toISOString(),
        };
      }),
      current_page: page,
      total_pages: Math.ceil(total / QUEUE_PAGE_SIZE),
      total_items: total,
    };
  }

  /** Keep, remove, or remove and ban the uploader; every decision is logged (`auth` null: CLI). */
  async decide(auth: SignedInAuth | null, input: CallInput<'moderate_photo'>) {
    if (auth) ModerationService.requireModerator(auth);
    const now = this.clock.now();
    const result = await this.store.transaction(async ({ moderation, photos }) => {
      const photo = await photos.lockLive(input.photo_id);
      if (!photo) throw new AppError(ErrorCode.PHOTO_NOT_FOUND);
      await ModerationService.requireAuthorityOver(moderation, auth, photo.user_id);
      const reasons = await moderation.openReports([photo.id]);
      const reason = input.reason ?? reasons[0]?.reason ?? null;
      let state: 'active' | 'removed' = 'active';
      let removed = [photo.id];
      if (input.decision === 'keep') {
        await moderation.setPhotoState(photo.id, 'active', null, now);
        removed = [];
      } else {
        state = 'removed';
        await moderation.setPhotoState(photo.id, 'removed', reason, now);
        if (input.decision === 'ban')
          removed = [photo.id, ...(await moderation.banUser(photo.user_id, now))];
      }
      await moderation.resolve(photo.id, now);
      await moderation.forgetAddresses(now - REPORT_ADDRESS_RETENTION_MS);
      await moderation.log({
        photo_id: photo.id,
        moderator_id: auth?.user.id ?? null,
        decision: input.decision,
        reason,
        created_at: now,
      });
      return { photo, state, removed };
    });
    const { index } = await this.indexes.get(result.photo.category_id);
    if (result.state === 'active') {
      index.upsert({
        id: String(result.photo.id),
        ownerId: String(result.photo.user_id),
        mu: result.photo.mu,
        sigma2: result.photo.sigma2,
        comparisons: result.photo.comparisons,
        boostRemaining: result.photo.boost_remaining,
        boostBought: result.photo.boost_bought,
        boostStartedAt: result.photo.boost_started_at,
        boostServed: result.photo.boost_served,
      });
    }
    // A ban takes the uploader's photos of every category out; their indexes reload.
    if (input.decision === 'ban') this.indexes.invalidateAll();
    else for (const id of result.removed) index.remove(String(id));
    return {
      photo_id: result.photo.id,
      state: result.state,
      owner_banned: input.decision === 'ban',
    };
  }

  /**
   * Lifts a ban (`auth` null: CLI): the account signs in again and the photos the ban took down
   * (and only those: a photo removed for itself stays removed) return to the arena. Logged
   * against the photo whose decision banned the user. Lifting a ban that is not there changes
   * nothing and says so.
   */
  async unban(auth: SignedInAuth | null, input: CallInput<'unban_user'>) {
    if (auth) ModerationService.requireModerator(auth);
    const now = this.clock.now();
    const restored = await this.store.transaction(async ({ moderation }) => {
      const status = await moderation.statusOf(input.target_user_id);
      if (status === null) throw new AppError(ErrorCode.USER_NOT_FOUND);
      await ModerationService.requireAuthorityOver(moderation, auth, input.target_user_id);
      if (status !== 'banned') return [];
      const photoIds = await moderation.unbanUser(input.target_user_id, now);
      const banPhoto = await moderation.lastBanPhoto(input.target_user_id);
      if (banPhoto !== null) {
        await moderation.log({
          photo_id: banPhoto,
          moderator_id: auth?.user.id ?? null,
          decision: 'unban',
          reason: input.reason ?? null,
          created_at: now,
        });
      }
      return photoIds;
    });
    // The restored photos may sit in any category; the indexes reload.
    if (restored.length > 0) this.indexes.invalidateAll();
    return {
      user_id: input.target_user_id,
      status: 'active' as const,
      restored_photo_ids: restored,
    };
  }
}
