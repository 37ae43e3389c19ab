import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ModerationLogTable, PhotoRow, ReportsTable, UserRow } from '../db/schema.js';

/** A reported photo in the queue: its columns, its owner, and counts over its open reports. */
export type QueueRow = Pick<
  PhotoRow,
  | 'state'
  | 'display_key'
  | 'medium_key'
  | 'thumb_key'
  | 'width'
  | 'height'
  | 'placeholder'
  | 'comparisons'
> & {
  photo_id: PhotoRow['id'];
  owner_id: UserRow['id'];
  owner_name: UserRow['nickname'];
  report_count: number;
  standing_neighbourhoods: number;
  voices: number;
  first_reported_at: number;
};

/** One open report as the moderators see it. */
export type OpenReportRow = Pick<
  Selectable<ReportsTable>,
  | 'id'
  | 'photo_id'
  | 'reporter_user_id'
  | 'reporter_anonymous_id'
  | 'reporter_neighbourhood'
  | 'reporter_address'
  | 'with_standing'
  | 'reason'
  | 'reason_text'
  | 'notes'
  | 'created_at'
>;

/** The reported photo's own columns a queue entry shows, selected and grouped by alike. */
const QUEUE_PHOTO_COLUMNS = [
  'p.state',
  'p.display_key',
  'p.medium_key',
  'p.thumb_key',
  'p.width',
  'p.height',
  'p.placeholder',
  'p.comparisons',
] as const;

/** Distinct neighbourhoods among open reports made with standing. */
const standingNeighbourhoods = sql<number>`count(distinct case when r.with_standing = 1 then r.reporter_neighbourhood end)`;
/**
 * Distinct voices among open reports: each reporter with standing, and each address (or, once
 * it is forgotten, each neighbourhood) of the reporters without: ids from one address are one.
 */
const voices = sql<number>`count(distinct case when r.with_standing = 1
  then 'v' || cast(r.reporter_voter_id as text)
  else 'a' || coalesce(r.reporter_address, r.reporter_neighbourhood, 'r' || cast(r.id as text)) end)`;

/** Reports, the moderation queue and the moderation log. */
export class ModerationRepository {
  constructor(private readonly db: Db) {}

  /** Records a report; false when this reporter already reported the photo. */
  async insertReport(report: {
    photo_id: number;
    reporter_voter_id: number;
    reporter_user_id: number | null;
    reporter_anonymous_id: string | null;
    reporter_address: string;
    reporter_neighbourhood: string;
    with_standing: boolean;
    reason: string;
    reason_text: string | null;
    notes: string;
    created_at: number;
  }): Promise<number | null> {
    const row = await this.db
      .insertInto('reports')
      .values({ ...report, with_standing: report.with_standing ? 1 : 0, resolved_at: null })
      .onConflict((oc) => oc.columns(['photo_id', 'reporter_voter_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Distinct neighbourhoods of the photo's open reports made with standing. */
  async standingNeighbourhoods(photoId: number): Promise<number> {
    const row = await this.db
      .selectFrom('reports as r')
      .select(standingNeighbourhoods.as('n'))
      .where('r.photo_id', '=', photoId)
      .where('r.resolved_at', 'is', null)
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
        ...QUEUE_PHOTO_COLUMNS,
        eb.fn.count<number>('r.id').as('report_count'),
        standingNeighbourhoods.as('standing_neighbourhoods'),
        voices.as('voices'),
        eb.fn.min<number>('r.created_at').as('first_reported_at'),
      ])
      .groupBy(['p.id', 'p.user_id', 'u.nickname', ...QUEUE_PHOTO_COLUMNS])
      // Hidden photos and those reported with standing first; reports without standing after.
      .orderBy(sql`case when p.state = 'hidden' then 0 else 1 end`)
      .orderBy('standing_neighbourhoods', 'desc')
      .orderBy('voices', 'desc')
      .orderBy('first_reported_at')
      .orderBy('p.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await base
      .select((eb) => eb.fn.count<number>('r.photo_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: total.n };
  }

  /** The open reports of these photos, those made with standing first, then oldest first. */
  openReports(photoIds: number[]): Promise<OpenReportRow[]> {
    if (photoIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('reports')
      .select([
        'id',
        'photo_id',
        'reporter_user_id',
        'reporter_anonymous_id',
        'reporter_neighbourhood',
        'reporter_address',
        'with_standing',
        'reason',
        'reason_text',
        'notes',
        'created_at',
      ])
      .where('photo_id', 'in', photoIds)
      .where('resolved_at', 'is', null)
      .orderBy('with_standing', 'desc')
      .orderBy('id')
      .execute();
  }

  /** Forgets the addresses of reports reviewed before `before` (their neighbourhoods stay). */
  async forgetAddresses(before: number): Promise<void> {
    await this.db
      .updateTable('reports')
      .set({ reporter_address: null })
      .where('resolved_at', '<', before)
      .where('reporter_address', 'is not', null)
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
