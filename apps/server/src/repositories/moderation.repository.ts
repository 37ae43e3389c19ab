import type { Db } from '../db/database.js';
import type { ModerationLogTable, UserRow } from '../db/schema.js';

export interface QueueRow {
  photo_id: number;
  owner_id: number;
  owner_name: string;
  state: 'active' | 'hidden' | 'removed' | 'deleted';
  display_key: string;
  medium_key: string | null;
  thumb_key: string;
  width: number;
  height: number;
  placeholder: string;
  report_count: number;
  first_reported_at: number;
}

/** Reports, the moderation queue and the moderation log. */
export class ModerationRepository {
  constructor(private readonly db: Db) {}

  /** Records a report; false when this reporter already reported the photo. */
  async insertReport(report: {
    photo_id: number;
    reporter_voter_id: number;
    reporter_user_id: number | null;
    reason: string;
    notes: string;
    created_at: number;
  }): Promise<number | null> {
    const row = await this.db
      .insertInto('reports')
      .values({ ...report, resolved_at: null })
      .onConflict((oc) => oc.columns(['photo_id', 'reporter_voter_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async openReporters(photoId: number): Promise<number> {
    const row = await this.db
      .selectFrom('reports')
      .select((eb) => eb.fn.count<number>('reporter_voter_id').distinct().as('n'))
      .where('photo_id', '=', photoId)
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async queue(limit: number, offset: number): Promise<{ rows: QueueRow[]; total: number }> {
    const base = this.db
      .selectFrom('reports as r')
      .innerJoin('photos as p', 'p.id', 'r.photo_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .where('r.resolved_at', 'is', null)
      .where('p.state', 'in', ['active', 'hidden']);
    const rows = await base
      .select((eb) => [
        'p.id as photo_id',
        'p.user_id as owner_id',
        'u.nickname as owner_name',
        'p.state',
        'p.display_key',
        'p.medium_key',
        'p.thumb_key',
        'p.width',
        'p.height',
        'p.placeholder',
        eb.fn.count<number>('r.id').as('report_count'),
        eb.fn.min<number>('r.created_at').as('first_reported_at'),
      ])
      .groupBy([
        'p.id',
        'p.user_id',
        'u.nickname',
        'p.state',
        'p.display_key',
        'p.medium_key',
        'p.thumb_key',
        'p.width',
        'p.height',
        'p.placeholder',
      ])
      .orderBy('report_count', 'desc')
      .orderBy('first_reported_at')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await base
      .select((eb) => eb.fn.count<number>('r.photo_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: total.n };
  }

  openReports(photoIds: number[]) {
    if (photoIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('reports')
      .select(['photo_id', 'reason', 'notes'])
      .where('photo_id', 'in', photoIds)
      .where('resolved_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  async resolve(photoId: number, now: number): Promise<void> {
    await this.db
      .updateTable('reports')
      .set({ resolved_at: now })
      .where('photo_id', '=', photoId)
      .where('resolved_at', 'is', null)
      .execute();
  }

  async log(entry: Omit<ModerationLogTable, 'id'>): Promise<void> {
    await this.db.insertInto('moderation_log').values(entry).execute();
  }

  async setPhotoState(
    photoId: number,
    state: 'active' | 'hidden' | 'removed',
    reason: string | null,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('photos')
      .set({ state, state_reason: reason, updated_at: now })
      .where('id', '=', photoId)
      .execute();
  }

  /** Bans a user: their live photos are taken down with the ban as the reason. */
  async banUser(userId: number, now: number): Promise<number[]> {
    await this.db
      .updateTable('users')
      .set({ status: 'banned', updated_at: now })
      .where('id', '=', userId)
      .execute();
    const photos = await this.db
      .updateTable('photos')
      .set({ state: 'removed', state_reason: 'banned', updated_at: now })
      .where('user_id', '=', userId)
      .where('state', 'in', ['active', 'hidden'])
      .returning(['id'])
      .execute();
    return photos.map((photo) => photo.id);
  }

  async roleOf(userId: number): Promise<UserRow['role'] | null> {
    const row = await this.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.role ?? null;
  }

  async statusOf(userId: number): Promise<UserRow['status'] | null> {
    const row = await this.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.status ?? null;
  }

  /** Lifts a ban: the photos it took down (reason 'banned') are active again; returns their ids. */
  async unbanUser(userId: number, now: number): Promise<number[]> {
    await this.db
      .updateTable('users')
      .set({ status: 'active', updated_at: now })
      .where('id', '=', userId)
      .execute();
    const photos = await this.db
      .updateTable('photos')
      .set({ state: 'active', state_reason: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('state', '=', 'removed')
      .where('state_reason', '=', 'banned')
      .returning(['id'])
      .execute();
    return photos.map((photo) => photo.id).sort((a, b) => a - b);
  }

  /** The photo whose decision last banned this user; null when none is logged. */
  async lastBanPhoto(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('moderation_log as l')
      .innerJoin('photos as p', 'p.id', 'l.photo_id')
      .select('l.photo_id')
      .where('p.user_id', '=', userId)
      .where('l.decision', '=', 'ban')
      .orderBy('l.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.photo_id ?? null;
  }
}
