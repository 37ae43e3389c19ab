import type { Db } from '../db/database.js';
import type { ServedPairRow, VoteRow } from '../db/schema.js';
import { PreparedQuery } from '../db/prepared-query.js';
import { hasRowLocks } from '../db/transaction.js';

/** Unanswered pairs a voter may hold at once (the client prefetches two or three). */
const PENDING_PAIRS_HELD = 8;

const SERVED_PAIR_COLUMNS = [
  'id',
  'voter_id',
  'anonymous_id',
  'user_id',
  'category_id',
  'left_photo_id',
  'right_photo_id',
  'photo_lo',
  'photo_hi',
  'kind',
  'boosted_photo_id',
  'gold_expected_winner_id',
  'invited_photo_id',
  'served_at',
  'expires_at',
  'vote_id',
] as const satisfies readonly (keyof ServedPairRow)[];

// The queries of every pair fetch and vote, prepared (ADR 0021).
/** The served pair's values in SERVED_PAIR_COLUMNS order. */
type ServedPairValues = ServedPairRow[keyof ServedPairRow][];
const INSERT_SERVED_PAIR = new PreparedQuery<ServedPairValues, never>((db, arg) =>
  db
    .insertInto('served_pairs')
    .values(
      Object.fromEntries(
        SERVED_PAIR_COLUMNS.map((column, index) => [column, arg(index)]),
      ) as unknown as ServedPairRow,
    ),
);
const JUDGED_PAIRS = new PreparedQuery<
  [voterId: number, categoryId: number],
  Pick<VoteRow, 'photo_lo' | 'photo_hi'>
>((db, arg) =>
  db
    .selectFrom('votes')
    .select(['photo_lo', 'photo_hi'])
    .where('voter_id', '=', arg(0))
    .where('category_id', '=', arg(1)),
);
/** The voter's vote on one pair, if any (votes_voter_pair_uq). */
const JUDGED_PAIR = new PreparedQuery<
  [voterId: number, lo: number, hi: number],
  Pick<VoteRow, 'id' | 'pair_id'>
>((db, arg) =>
  db
    .selectFrom('votes')
    .select(['id', 'pair_id'])
    .where('voter_id', '=', arg(0))
    .where('photo_lo', '=', arg(1))
    .where('photo_hi', '=', arg(2)),
);
/** Unanswered pairs are read through served_pairs_pending_idx, whose rows a vote removes. */
const PENDING_PAIRS = new PreparedQuery<
  [voterId: number, categoryId: number, now: number, servedAfter: number],
  Pick<ServedPairRow, 'photo_lo' | 'photo_hi'>
>((db, arg) =>
  db
    .selectFrom('served_pairs')
    .select(['photo_lo', 'photo_hi'])
    .where('voter_id', '=', arg(0))
    .where('category_id', '=', arg(1))
    .where('vote_id', 'is', null)
    .where('served_at', '>', arg(3))
    .where('expires_at', '>', arg(2))
    .orderBy('served_at', 'desc')
    .limit(PENDING_PAIRS_HELD),
);
/** served_pairs_voter_time_idx, newest first: a few index entries, whatever the history. */
const RECENT_SERVED = new PreparedQuery<
  [voterId: number, limit: number],
  Pick<ServedPairRow, 'left_photo_id' | 'right_photo_id' | 'kind'>
>((db, arg) =>
  db
    .selectFrom('served_pairs')
    .select(['left_photo_id', 'right_photo_id', 'kind'])
    .where('voter_id', '=', arg(0))
    .orderBy('served_at', 'desc')
    .limit(arg(1)),
);
/**
 * The newest unanswered pair of two photos served to the voter (served_pairs_pending_idx, in the
 * photos' category): a vote sent without its pair_id names one of those, or a pair it judged.
 */
const PENDING_PAIR_OF = new PreparedQuery<
  [voterId: number, lo: number, hi: number],
  Pick<ServedPairRow, 'id'>
>((db, arg) =>
  db
    .selectFrom('served_pairs')
    .select('id')
    .where('voter_id', '=', arg(0))
    .where('category_id', '=', (eb) =>
      eb.selectFrom('photos').select('category_id').where('id', '=', arg(1)),
    )
    .where('vote_id', 'is', null)
    .where('photo_lo', '=', arg(1))
    .where('photo_hi', '=', arg(2))
    .orderBy('served_at', 'desc')
    .limit(1),
);
const SERVED_PAIR_CATEGORY = new PreparedQuery<[id: string], Pick<ServedPairRow, 'category_id'>>(
  (db, arg) => db.selectFrom('served_pairs').select('category_id').where('id', '=', arg(0)),
);
const LOCK_SERVED_PAIR = new PreparedQuery<[id: string], ServedPairRow>((db, arg) => {
  const query = db.selectFrom('served_pairs').selectAll().where('id', '=', arg(0));
  return hasRowLocks(db) ? query.forUpdate() : query;
});
const MARK_JUDGED = new PreparedQuery<[voteId: number, pairId: string], never>((db, arg) =>
  db
    .updateTable('served_pairs')
    .set({ vote_id: arg(0) })
    .where('id', '=', arg(1)),
);

/** The pairs served to voters: what each holds unanswered, and which vote judged each. */
export class ServedPairRepository {
  constructor(private readonly db: Db) {}

  /**
   * `lo:hi` keys of the pairs this voter holds unanswered in the category right now (a
   * prefetched queue): the rows of served_pairs_pending_idx served within the last `ttlMs` (a
   * pair served earlier has expired), so pairs skipped long ago are not read.
   */
  async pendingPairs(
    voterId: number,
    categoryId: number,
    now: number,
    ttlMs: number,
  ): Promise<Set<string>> {
    const pending = await PENDING_PAIRS.rows(this.db, voterId, categoryId, now, now - ttlMs);
    return new Set(pending.map((row) => `${row.photo_lo}:${row.photo_hi}`));
  }

  /** `lo:hi` keys of every pair this voter judged in the category (grows with their votes). */
  async judgedPairs(voterId: number, categoryId: number): Promise<string[]> {
    const judged = await JUDGED_PAIRS.rows(this.db, voterId, categoryId);
    return judged.map((row) => `${row.photo_lo}:${row.photo_hi}`);
  }

  /** Whether the voter has judged this pair (votes_voter_pair_uq). */
  async hasJudged(voterId: number, lo: number, hi: number): Promise<boolean> {
    return (await this.voteOnPair(voterId, lo, hi)) !== undefined;
  }

  /** The voter's vote on these two photos, whichever serving of them it answered. */
  voteOnPair(voterId: number, lo: number, hi: number) {
    return JUDGED_PAIR.first(this.db, voterId, lo, hi);
  }

  recentServed(voterId: number, limit: number) {
    return RECENT_SERVED.rows(this.db, voterId, limit);
  }

  async insertServedPair(pair: ServedPairRow): Promise<void> {
    await INSERT_SERVED_PAIR.rows(this.db, ...SERVED_PAIR_COLUMNS.map((column) => pair[column]));
  }

  /** The category of a served pair, read without a lock. */
  async servedPairCategory(id: string): Promise<number | undefined> {
    return (await SERVED_PAIR_CATEGORY.first(this.db, id))?.category_id;
  }

  /** A served pair, locked for the rest of the transaction on PostgreSQL. */
  lockServedPair(id: string): Promise<ServedPairRow | undefined> {
    return LOCK_SERVED_PAIR.first(this.db, id);
  }

  /**
   * The pair a vote on these two photos answers when the client sends no pair_id: the newest one
   * served to the voter and not answered yet, else the one the voter's vote on them answered.
   * Both are index look-ups: the cost does not grow with the voter's history.
   */
  async latestServedPairId(voterId: number, lo: number, hi: number): Promise<string | undefined> {
    const pending = await PENDING_PAIR_OF.first(this.db, voterId, lo, hi);
    if (pending !== undefined) return pending.id;
    return (await this.voteOnPair(voterId, lo, hi))?.pair_id;
  }

  /**
   * Whether the voter was served an invited pair ("来比一比") that asked for this photo since
   * `since`; read through the voter's index (voter, category, served_at). The photo drawn as the
   * opponent of another photo's invitation is not invited: its own invitation is still honoured.
   */
  async invitedSince(
    voterId: number,
    categoryId: number,
    photoId: number,
    since: number,
  ): Promise<boolean> {
    const row = await this.db
      .selectFrom('served_pairs')
      .select('id')
      .where('voter_id', '=', voterId)
      .where('category_id', '=', categoryId)
      .where('served_at', '>=', since)
      .where('kind', '=', 'invited')
      .where('invited_photo_id', '=', photoId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markJudged(pairId: string, voteId: number): Promise<void> {
    await MARK_JUDGED.rows(this.db, voteId, pairId);
  }

  /**
   * Forgets up to `limit` served pairs that expired unanswered before `before` (judged ones stay
   * as their vote's record), through served_pairs_unanswered_expiry_idx; answers how many.
   */
  async deleteExpiredPairs(before: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('served_pairs')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('served_pairs')
          .select('id')
          .where('vote_id', 'is', null)
          .where('expires_at', '<', before)
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
