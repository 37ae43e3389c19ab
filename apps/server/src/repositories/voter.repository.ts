import type { Db } from '../db/database.js';
import type { VoterRow } from '../db/schema.js';
import { everyColumnOf, PreparedQuery } from '../db/prepared-query.js';
import { hasRowLocks } from '../db/transaction.js';
import { writeRows } from '../db/json-rows.js';
import { sql } from 'kysely';

/** Ids bound in one query: well under SQLite's 32,766 variables and PostgreSQL's 65,535. */
const ID_CHUNK = 5000;

export const anonymousVoterKey = (anonymousId: string) => `a:${anonymousId}`;
export const userVoterKey = (userId: number) => `u:${userId}`;

export type VoterCounters = Pick<
  VoterRow,
  | 'total_votes'
  | 'left_votes'
  | 'right_votes'
  | 'fast_votes'
  | 'gold_passed'
  | 'gold_failed'
  | 'day'
  | 'day_votes'
  | 'day_fuel'
  | 'streak_days'
>;

// Prepared queries of every pair fetch and vote (ADR 0021).
const FIND_BY_KEY = new PreparedQuery<[key: string], VoterRow>((db, arg) =>
  db.selectFrom('voters').selectAll().where('voter_key', '=', arg(0)),
);
const LOCK = new PreparedQuery<[id: number], VoterRow>((db, arg) => {
  const query = db.selectFrom('voters').selectAll().where('id', '=', arg(0));
  return hasRowLocks(db) ? query.forUpdate() : query;
});

const COUNTER_COLUMNS = everyColumnOf<VoterCounters>()([
  'total_votes',
  'left_votes',
  'right_votes',
  'fast_votes',
  'gold_passed',
  'gold_failed',
  'day',
  'day_votes',
  'day_fuel',
  'streak_days',
]);
type CounterArgs = VoterCounters[(typeof COUNTER_COLUMNS)[number]][];
const UPDATE_COUNTERS = new PreparedQuery<CounterArgs, never>((db, arg) => {
  const columns = COUNTER_COLUMNS.length;
  const set = Object.fromEntries(COUNTER_COLUMNS.map((column, index) => [column, arg(index)]));
  return db
    .updateTable('voters')
    .set({ ...(set as VoterCounters), updated_at: arg(columns) as number })
    .where('id', '=', arg(columns + 1) as number);
});
const TAKE_UNANNOUNCED = new PreparedQuery<[now: number, voterId: number], { key: string }>(
  (db, arg) =>
    db
      .updateTable('voter_achievements')
      .set({ announced_at: arg(0) })
      .where('voter_id', '=', arg(1))
      .where('announced_at', 'is', null)
      .returning('key'),
);

/** An achievement row's values after the voter's: [voterId, unlockedAt, announcedAt, ...keys]. */
type UnlockArgs = [
  voterId: number,
  unlockedAt: number,
  announcedAt: number | null,
  ...keys: string[],
];
/**
 * Inserting n achievements at once, prepared for each n (a vote earns the keys it has reached,
 * new or not, so every vote inserts some): built and compiled by Kysely, the insert cost a vote
 * about 60 µs of the event loop, four times what SQLite takes to run it.
 */
const UNLOCK_BY_COUNT = new Map<number, PreparedQuery<UnlockArgs, { key: string }>>();
function unlockQuery(count: number): PreparedQuery<UnlockArgs, { key: string }> {
  let query = UNLOCK_BY_COUNT.get(count);
  if (query === undefined) {
    query = new PreparedQuery<UnlockArgs, { key: string }>((db, arg) =>
      db
        .insertInto('voter_achievements')
        .values(
          Array.from({ length: count }, (_, index) => ({
            voter_id: arg(0),
            key: arg(3 + index) as string,
            unlocked_at: arg(1),
            announced_at: arg(2),
          })),
        )
        .onConflict((oc) => oc.columns(['voter_id', 'key']).doNothing())
        .returning('key'),
    );
    UNLOCK_BY_COUNT.set(count, query);
  }
  return query;
}

export class VoterRepository {
  constructor(private readonly db: Db) {}

  findByKey(key: string): Promise<VoterRow | undefined> {
    return FIND_BY_KEY.first(this.db, key);
  }

  /** The voter row, locked for the rest of the transaction on PostgreSQL. */
  async lock(id: number): Promise<VoterRow> {
    const row = await LOCK.first(this.db, id);
    if (!row) throw new Error(`voter ${id} not found`);
    return row;
  }

  /** The voter with this key, created on first sight (with no fuel: see IdentityService). */
  async findOrCreate(key: string, userId: number | null, now: number): Promise<VoterRow> {
    const existing = await this.findByKey(key);
    if (existing) return existing;
    await this.insertIfAbsent(key, userId, now);
    const created = await this.findByKey(key);
    if (!created) throw new Error(`voter ${key} vanished after insert`);
    return created;
  }

  /** Inserts a voter unless the key exists (a concurrent first request); the new id, if any. */
  async insertIfAbsent(
    key: string,
    userId: number | null,
    now: number,
  ): Promise<number | undefined> {
    const inserted = await this.db
      .insertInto('voters')
      .values({
        voter_key: key,
        user_id: userId,
        merged_into: null,
        refit_weight: null,
        reliability: null,
        trust: null,
        day: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('voter_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  /**
   * Moves one voter's votes, served pairs and achievements to another (a merge). A vote stays
   * behind when the receiver already judged the same pair elsewhere (one judgement per pair).
   */
  async moveHistory(fromId: number, intoId: number, userId: number): Promise<void> {
    await this.db
      .updateTable('votes')
      .set({ voter_id: intoId, user_id: userId })
      .where('voter_id', '=', fromId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('votes as mine')
              .select('mine.id')
              .where('mine.voter_id', '=', intoId)
              .whereRef('mine.photo_lo', '=', 'votes.photo_lo')
              .whereRef('mine.photo_hi', '=', 'votes.photo_hi'),
          ),
        ),
      )
      .execute();
    await this.db
      .updateTable('served_pairs')
      .set({ voter_id: intoId, user_id: userId })
      .where('voter_id', '=', fromId)
      .execute();
    const achievements = await this.db
      .selectFrom('voter_achievements')
      .selectAll()
      .where('voter_id', '=', fromId)
      .execute();
    for (const achievement of achievements) {
      await this.db
        .insertInto('voter_achievements')
        .values({ ...achievement, voter_id: intoId })
        .onConflict((oc) => oc.columns(['voter_id', 'key']).doNothing())
        .execute();
    }
    await this.db.deleteFrom('voter_achievements').where('voter_id', '=', fromId).execute();
  }

  /** Marks a voter merged and frees its key, so its device starts afresh after signing out. */
  async retire(voter: Pick<VoterRow, 'id' | 'voter_key'>, intoId: number, now: number) {
    await this.db
      .updateTable('voters')
      .set({ merged_into: intoId, voter_key: `m:${voter.id}:${voter.voter_key}`, updated_at: now })
      .where('id', '=', voter.id)
      .execute();
  }

  /** Deletes the voters whose key starts with `keyPrefix`, and every vote they cast. */
  async deleteWithVotes(keyPrefix: string): Promise<void> {
    await this.db
      .deleteFrom('votes')
      .where('voter_id', 'in', (eb) =>
        eb.selectFrom('voters').select('id').where('voter_key', 'like', `${keyPrefix}%`),
      )
      .execute();
    await this.db.deleteFrom('voters').where('voter_key', 'like', `${keyPrefix}%`).execute();
  }

  /** Sets a voter's counters (every vote does: a prepared statement). */
  async update(id: number, counters: VoterCounters, now: number): Promise<void> {
    const args: CounterArgs = COUNTER_COLUMNS.map((column) => counters[column]);
    await UPDATE_COUNTERS.rows(this.db, ...args, now, id);
  }

  async setRefitResults(
    rows: { id: number; weight: number; reliability: number; trust: number }[],
  ): Promise<void> {
    const ordered = [...rows].sort((a, b) => a.id - b.id);
    await writeRows(
      this.db,
      [
        ['id', 'integer'],
        ['weight', 'real'],
        ['reliability', 'real'],
        ['trust', 'real'],
      ],
      ordered,
      (row) => [row.id, row.weight, row.reliability, row.trust],
      'r',
      (r) => sql`update voters set refit_weight = r.weight, reliability = r.reliability,
        trust = r.trust from ${r} where voters.id = r.id`,
    );
  }

  /** The gold tallies of many voters, a few thousand ids a query (SQLite binds 32,766 at most). */
  async goldTallies(
    ids: readonly number[],
  ): Promise<Pick<VoterRow, 'id' | 'gold_passed' | 'gold_failed'>[]> {
    const tallies: Pick<VoterRow, 'id' | 'gold_passed' | 'gold_failed'>[] = [];
    for (let from = 0; from < ids.length; from += ID_CHUNK) {
      const rows = await this.db
        .selectFrom('voters')
        .select(['id', 'gold_passed', 'gold_failed'])
        .where('id', 'in', ids.slice(from, from + ID_CHUNK))
        .execute();
      tallies.push(...rows);
    }
    return tallies;
  }

  /** The trust each of many voters earned at the last full refit (null: none yet). */
  async trusts(ids: readonly number[]): Promise<Pick<VoterRow, 'id' | 'trust'>[]> {
    const found: Pick<VoterRow, 'id' | 'trust'>[] = [];
    for (let from = 0; from < ids.length; from += ID_CHUNK) {
      const rows = await this.db
        .selectFrom('voters')
        .select(['id', 'trust'])
        .where('id', 'in', ids.slice(from, from + ID_CHUNK))
        .execute();
      found.push(...rows);
    }
    return found;
  }

  /** Achievements of a voter: unlocked time and whether it was announced. */
  achievements(voterId: number) {
    return this.db
      .selectFrom('voter_achievements')
      .selectAll()
      .where('voter_id', '=', voterId)
      .execute();
  }

  /** Records achievements in one statement; returns the keys that were new, in `keys` order. */
  async unlock(
    voterId: number,
    keys: string[],
    now: number,
    announced: boolean,
  ): Promise<string[]> {
    if (keys.length === 0) return [];
    const inserted = await unlockQuery(keys.length).rows(
      this.db,
      voterId,
      now,
      announced ? now : null,
      ...keys,
    );
    const fresh = new Set(inserted.map((row) => row.key));
    return keys.filter((key) => fresh.has(key));
  }

  /** Achievements unlocked by others' votes (one's photo) and not shown yet; marks them shown. */
  async takeUnannounced(voterId: number, now: number): Promise<string[]> {
    const rows = await TAKE_UNANNOUNCED.rows(this.db, now, voterId);
    return rows.map((row) => row.key);
  }
}
